// Relative imports: the unit test (rules-panel.test.tsx) runs under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import Link from 'next/link';
import type { Translate } from '../../lib/i18n';
import { countRows, explainFreeSpinRules, formatPercent, payRows, symbolName } from '../../lib/slot-screen';
import type { GameRules } from '../../lib/studio-schemas';
import { danishList, formatContributionRate, type GameJackpot } from './jackpot-words';
import styles from './rules-panel.module.css';
import { SymbolArt } from './symbol-art';

/** Where a title's pools are shown with their amounts and last hits (issue 26). */
export const JACKPOTS_PATH = '/jackpots';

const VOLATILITY_KEYS: Record<string, string> = {
  low: 'slot_machines.volatility_low',
  medium: 'slot_machines.volatility_medium',
  high: 'slot_machines.volatility_high',
  'very-high': 'slot_machines.volatility_very_high',
};

type PaytableSymbol = GameRules['symbols'][number] & { index: number };

const topPay = (symbol: PaytableSymbol) => Math.max(0, ...symbol.pays);

/**
 * The paytable's order: wild and scatter first (they carry the features), then the paying symbols
 * from the dearest down, then those that pay nothing (a blank), each group in the title's order.
 */
function paytableOrder(symbols: GameRules['symbols']): PaytableSymbol[] {
  const rank = (symbol: PaytableSymbol) => (symbol.kind === 'wild' ? 0 : symbol.kind === 'scatter' ? 1 : topPay(symbol) > 0 ? 2 : 3);
  return symbols
    .map((symbol, index) => ({ ...symbol, index }))
    .sort((a, b) => rank(a) - rank(b) || topPay(b) - topPay(a) || a.index - b.index);
}

/** A symbol's pays, the largest count first as slots show them: "5 ens 100". */
function Pays({ rows, t }: { rows: { label: string; pay: string }[]; t: Translate }) {
  if (rows.length === 0) return <p className={styles.noPay}>{t('slot_machines.paytable_no_pay')}</p>;
  return (
    <ul className={styles.pays}>
      {rows.map(({ label, pay }) => (
        <li key={label}>
          <span className={styles.payCount}>{label}</span>
          <span className={styles.payValue}>{pay}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The title's rules from the studio (GET /games/{id}/rules): the facts (RTP, largest win,
 * volatility, hit frequency, stakes), the paytable with every symbol's artwork, whole Danish name
 * and pays, the wild's and the scatter's rules, how wins pay, and the free spins with the title's
 * numbers. A title that feeds a jackpot (the catalogue's `jackpot`) states the base game's return
 * and the jackpot's contribution apart, with the way to the jackpots. Rendered on the server: it
 * never changes while the game is played.
 */
export function RulesPanel({ rules, jackpot = null, t }: { rules: GameRules; jackpot?: GameJackpot | null; t: Translate }) {
  const number = (value: number) => value.toLocaleString('da-DK');
  const lines = rules.lines && rules.lines.length > 0;
  const units = lines
    ? t('slot_machines.paytable_units_lines', { lines: rules.lines!.length })
    : t('slot_machines.paytable_units_ways', { ways: number(rules.waysCount ?? 0) });
  const symbolPays = (symbol: PaytableSymbol) =>
    payRows(symbol.pays)
      .reverse()
      .map(({ count, pay }) => ({ label: t('slot_machines.paytable_count', { count }), pay: number(pay) }));
  // The symbols the wild does not stand in for, by name; the rule's text names the scatter itself.
  const excluded = rules.wildExcludes
    .filter((index) => rules.symbols[index] && rules.symbols[index].kind !== 'scatter')
    .map((index) => symbolName(rules, index));
  const scatterPays = countRows(rules.scatterPays)
    .reverse()
    .map(({ count, value, orMore }) => ({
      label: t(orMore ? 'slot_machines.paytable_count_or_more' : 'slot_machines.paytable_count', { count }),
      pay: t('slot_machines.paytable_scatter_pay', { pay: number(value) }),
    }));

  return (
    <details className={styles.rules} data-testid="game-rules">
      <summary>{t('games.game_rules')}</summary>
      <dl className={styles.facts}>
        <div>
          <dt>{t(jackpot ? 'slot_machines.rtp_base_game' : 'slot_machines.rtp')}</dt>
          <dd data-testid="rules-rtp">{formatPercent(rules.rtp)}</dd>
        </div>
        {jackpot ? (
          <div>
            <dt>{t('slot_machines.jackpot_contribution')}</dt>
            <dd data-testid="rules-jackpot">
              {t('slot_machines.jackpot_contribution_value', {
                rate: formatContributionRate(jackpot.contributionRate),
                pools: danishList(jackpot.pools.map((pool) => pool.name)),
              })}
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('slot_machines.largest_win')}</dt>
          <dd>{t('slot_machines.largest_win_value', { times: number(Math.round(rules.largestWin)) })}</dd>
        </div>
        <div>
          <dt>{t('slot_machines.volatility')}</dt>
          <dd>{t(VOLATILITY_KEYS[rules.volatility] ?? 'slot_machines.volatility_medium')}</dd>
        </div>
        {rules.hitFrequency !== undefined ? (
          <div>
            <dt>{t('slot_machines.hit_frequency_label')}</dt>
            <dd>{formatPercent(rules.hitFrequency)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('slot_machines.stake')}</dt>
          <dd data-testid="rules-stake">{`${formatKr(rules.stake.minOre)} – ${formatKr(rules.stake.maxOre)}`}</dd>
        </div>
      </dl>
      {jackpot ? (
        <p className={styles.jackpotNote} data-testid="rules-jackpot-note">
          {t('slot_machines.rules_jackpot_note', { rate: formatContributionRate(jackpot.contributionRate) })}{' '}
          <Link href={JACKPOTS_PATH} prefetch={false}>
            {t('slot_machines.rules_jackpot_link')}
          </Link>
        </p>
      ) : null}

      <h3 className={styles.heading}>{t('slot_machines.paytable')}</h3>
      <p className={styles.muted}>{units}</p>
      <ul className={styles.symbols} data-testid="rules-paytable">
        {paytableOrder(rules.symbols).map((symbol) => {
          const special = symbol.kind === 'wild' || symbol.kind === 'scatter';
          const pays = symbol.kind === 'scatter' ? scatterPays : symbolPays(symbol);
          const name = symbolName(rules, symbol.index);
          const badge = special ? t(symbol.kind === 'wild' ? 'slot_machines.feature_wild' : 'slot_machines.feature_scatter') : null;
          return (
            <li
              key={symbol.index}
              className={`${styles.symbol}${special ? ` ${styles.special}` : ''}`}
              data-testid="rules-symbol"
              data-symbol={symbol.index}
              data-kind={symbol.kind}
            >
              <div className={styles.symbolHead}>
                <SymbolArt gameId={rules.gameId} index={symbol.index} name={name} size={40} showName />
                {/* The feature's word beside a themed name (Mjølner: WILD); a symbol called "wild" needs no repeat. */}
                {badge && badge.toLocaleLowerCase('da-DK') !== name.toLocaleLowerCase('da-DK') ? (
                  <span className={styles.badge}>{badge}</span>
                ) : null}
              </div>
              {symbol.kind === 'wild' ? (
                <div className={styles.symbolNote}>
                  <p>
                    {excluded.length > 0
                      ? t('slot_machines.paytable_wild_rule_excludes', { symbols: excluded.join(', ') })
                      : t('slot_machines.paytable_wild_rule')}
                  </p>
                  {lines && pays.length > 0 ? <p>{t('slot_machines.paytable_wild_own_pays')}</p> : null}
                </div>
              ) : null}
              {symbol.kind === 'scatter' ? (
                <div className={styles.symbolNote}>
                  {pays.length > 0 ? <p>{t('slot_machines.paytable_scatter_rule')}</p> : null}
                  {rules.freeSpins ? <p>{t('slot_machines.paytable_scatter_trigger')}</p> : null}
                </div>
              ) : null}
              {symbol.kind === 'wild' && pays.length === 0 ? null : <Pays rows={pays} t={t} />}
            </li>
          );
        })}
      </ul>

      <h3 className={styles.heading}>{t('slot_machines.rules_how_heading')}</h3>
      <ul className={styles.ruleList}>
        <li>{t(lines ? 'slot_machines.rules_how_lines' : 'slot_machines.rules_how_ways')}</li>
        {rules.freeSpins ? <li>{t('slot_machines.rules_round')}</li> : null}
      </ul>

      {rules.freeSpins ? (
        <section data-testid="rules-free-spins">
          <h3 className={styles.heading}>{t('slot_machines.free_spins_heading')}</h3>
          <ul className={styles.ruleList}>
            {explainFreeSpinRules(rules.freeSpins, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </details>
  );
}
