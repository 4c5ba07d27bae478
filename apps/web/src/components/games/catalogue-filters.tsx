import { FEATURE_KEYS, VOLATILITY_KEYS } from '@/lib/game-types';
import { CATALOGUE_PATH, FEATURE_PARAMS, paramOf, SORT_PARAMS, VOLATILITY_PARAMS, type CatalogueQuery } from '@/lib/games-query';
import type { Translate } from '@/lib/i18n';
import styles from './games.module.css';

const SORT_KEYS: Record<keyof typeof SORT_PARAMS, string> = {
  nyeste: 'slot_machines.sort_newest',
  populaere: 'slot_machines.sort_popular',
  navn: 'slot_machines.sort_az',
  rtp: 'slot_machines.sort_rtp',
};

/** The filters a player may leave open ("all"): the query's field, the address word it sends and its texts. */
const FACET_FILTERS = [
  { field: 'studio', name: 'spiludvikler', label: 'slot_machines.provider', all: 'slot_machines.all_providers' },
  { field: 'volatility', name: 'volatilitet', label: 'slot_machines.volatility', all: 'slot_machines.all_volatilities' },
  { field: 'feature', name: 'funktion', label: 'slot_machines.feature', all: 'slot_machines.all_features' },
] as const;

/** A choice of a select: the value it submits and its Danish label. */
interface Choice {
  value: string;
  label: string;
}

/** The platform's facet values that have an address word and a Danish name, as choices. */
function facetChoices(values: string[], params: Record<string, string>, keys: Readonly<Record<string, string>>, t: Translate): Choice[] {
  return values.flatMap((value) => {
    const param = paramOf(params, value);
    return param && keys[value] ? [{ value: param, label: t(keys[value]) }] : [];
  });
}

/** One labelled select of the form, with an "all" choice first when the filter may be left open. */
function FilterSelect({
  id,
  name,
  label,
  value,
  all,
  choices,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  all?: string;
  choices: Choice[];
}) {
  return (
    <div>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {all === undefined ? null : <option value="">{all}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * /alle-spil's filters: a plain GET form (works without script), its choices from the platform's
 * facets in Danish; the page is rendered from the address it submits.
 */
export function CatalogueFilters({
  query,
  facets,
  t,
}: {
  query: CatalogueQuery;
  facets: { studios: string[]; volatilities: string[]; features: string[] };
  t: Translate;
}) {
  const choices = {
    studio: facets.studios.map((studio) => ({ value: studio, label: studio })),
    volatility: facetChoices(facets.volatilities, VOLATILITY_PARAMS, VOLATILITY_KEYS, t),
    feature: facetChoices(facets.features, FEATURE_PARAMS, FEATURE_KEYS, t),
  };
  return (
    <form
      className={styles.filters}
      method="get"
      action={CATALOGUE_PATH}
      aria-label={t('slot_machines.filters_label')}
      data-testid="catalogue-filters"
    >
      {FACET_FILTERS.map((filter) => (
        <FilterSelect
          key={filter.field}
          id={`filter-${filter.field}`}
          name={filter.name}
          label={t(filter.label)}
          value={query[filter.field]}
          all={t(filter.all)}
          choices={choices[filter.field]}
        />
      ))}
      <FilterSelect
        id="filter-sort"
        name="sorter"
        label={t('slot_machines.sort_label')}
        value={query.sort}
        choices={(Object.keys(SORT_KEYS) as (keyof typeof SORT_KEYS)[]).map((sort) => ({ value: sort, label: t(SORT_KEYS[sort]) }))}
      />
      <button type="submit" className="btn btn-primary">
        {t('slot_machines.filter_show')}
      </button>
    </form>
  );
}
