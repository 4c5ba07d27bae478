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
  const volatilities = facets.volatilities.flatMap((value) => {
    const param = paramOf(VOLATILITY_PARAMS, value);
    return param && VOLATILITY_KEYS[value] ? [{ param, label: t(VOLATILITY_KEYS[value]) }] : [];
  });
  const features = facets.features.flatMap((value) => {
    const param = paramOf(FEATURE_PARAMS, value);
    return param && FEATURE_KEYS[value] ? [{ param, label: t(FEATURE_KEYS[value]) }] : [];
  });
  return (
    <form
      className={styles.filters}
      method="get"
      action={CATALOGUE_PATH}
      aria-label={t('slot_machines.filters_label')}
      data-testid="catalogue-filters"
    >
      <div>
        <label htmlFor="filter-studio">{t('slot_machines.provider')}</label>
        <select id="filter-studio" name="spiludvikler" defaultValue={query.studio}>
          <option value="">{t('slot_machines.all_providers')}</option>
          {facets.studios.map((studio) => (
            <option key={studio} value={studio}>
              {studio}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-volatility">{t('slot_machines.volatility')}</label>
        <select id="filter-volatility" name="volatilitet" defaultValue={query.volatility}>
          <option value="">{t('slot_machines.all_volatilities')}</option>
          {volatilities.map((option) => (
            <option key={option.param} value={option.param}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-feature">{t('slot_machines.feature')}</label>
        <select id="filter-feature" name="funktion" defaultValue={query.feature}>
          <option value="">{t('slot_machines.all_features')}</option>
          {features.map((option) => (
            <option key={option.param} value={option.param}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="filter-sort">{t('slot_machines.sort_label')}</label>
        <select id="filter-sort" name="sorter" defaultValue={query.sort}>
          {(Object.keys(SORT_KEYS) as (keyof typeof SORT_KEYS)[]).map((sort) => (
            <option key={sort} value={sort}>
              {t(SORT_KEYS[sort])}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary">
        {t('slot_machines.filter_show')}
      </button>
    </form>
  );
}
