import { formatKr } from '@krone/domain';
import type { Translate } from '@/lib/i18n';
import { formatPercent, payRows, symbolLook, symbolName } from '@/lib/slot-screen';
import type { GameRules } from '@/lib/studio-schemas';
import styles from './game-screen.module.css';
import { SymbolGlyph } from './symbol-glyph';

const VOLATILITY_KEYS: Record<string, string> = {
  low: 'slot_machines.volatility_low',
  medium: 'slot_machines.volatility_medium',
  high: 'slot_machines.volatility_high',
  'very-high': 'slot_machines.volatility_very_high',
};

/**
 * The title's rules from the studio (GET /games/{id}/rules): the paytable, lines or ways, the
 * scatter and free spins, RTP, hit frequency, largest win, volatility and the stake limits.
 * Rendered on the server: it never changes while the game is played.
 */
export function RulesPanel({ rules, t }: { rules: GameRules; t: Translate }) {
  const pays = (row: readonly number[]) =>
    payRows(row)
      .map(({ count, pay }) => t('slot_machines.paytable_pay', { count, pay: pay.toLocaleString('da-DK') }))
      .join(' · ');
  const paying = rules.symbols.map((symbol, index) => ({ symbol, index })).filter(({ symbol }) => payRows(symbol.pays).length > 0);
  const scatterIndex = rules.symbols.findIndex((symbol) => symbol.kind === 'scatter');
  const hasWild = rules.symbols.some((symbol) => symbol.kind === 'wild');
  const units =
    rules.lines && rules.lines.length > 0
      ? t('slot_machines.paytable_units_lines', { lines: rules.lines.length })
      : t('slot_machines.paytable_units_ways', { ways: rules.waysCount ?? 0 });
  return (
    <details className={styles.rules} data-testid="game-rules">
      <summary>{t('games.game_rules')}</summary>
      <dl className={styles.facts}>
        <div>
          <dt>{t('slot_machines.rtp')}</dt>
          <dd data-testid="rules-rtp">{formatPercent(rules.rtp)}</dd>
        </div>
        <div>
          <dt>{t('slot_machines.largest_win')}</dt>
          <dd>{t('slot_machines.largest_win_value', { times: Math.round(rules.largestWin).toLocaleString('da-DK') })}</dd>
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
      <h3 className={styles.rulesHeading}>{t('slot_machines.paytable')}</h3>
      <p className={styles.muted}>{units}</p>
      <table className={styles.paytable}>
        <tbody>
          {paying.map(({ symbol, index }) => (
            <tr key={index}>
              <th scope="row">
                <span className={styles.payGlyph}>
                  <SymbolGlyph {...symbolLook(rules, index)} name={symbolName(rules, index)} />
                </span>
              </th>
              <td>{pays(symbol.pays)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasWild ? <p>{t('slot_machines.paytable_wild')}</p> : null}
      {scatterIndex >= 0 && rules.scatterPays && payRows(rules.scatterPays).length > 0 ? (
        <p>
          {t('slot_machines.paytable_scatter')} {pays(rules.scatterPays)}
        </p>
      ) : null}
      {rules.freeSpins ? <p>{t('slot_machines.free_spins_rules', { multiplier: rules.freeSpins.multiplier ?? 1 })}</p> : null}
    </details>
  );
}
