// Relative imports: the unit test (table-rules-panel.test.tsx) runs under vitest, which has no '@/' alias.
import { formatKr } from '@krone/domain';
import type { Translate } from '../../lib/i18n';
import { formatPercent } from '../../lib/slot-screen';
import type { TableRules } from '../../lib/studio-schemas';
import styles from '../game-screen/rules-panel.module.css';
import { blackjackPays } from './blackjack/blackjack-model';
import tableStyles from './table-games.module.css';
import { VideoPokerPaytable } from './video-poker/video-poker-paytable';
import { paytableRows } from './video-poker/video-poker-model';

const KIND_KEYS: Record<string, string> = {
  straight: 'games.table_kind_straight',
  split: 'games.table_kind_split',
  street: 'games.table_kind_street',
  corner: 'games.table_kind_corner',
  'six-line': 'games.table_kind_six_line',
  column: 'games.table_kind_column',
  dozen: 'games.table_kind_dozen',
  'red-black': 'games.table_kind_red_black',
  'odd-even': 'games.table_kind_odd_even',
  'low-high': 'games.table_kind_low_high',
};

/** The return as shown: "97,30 %", or "op til 99,54 %" for the games of skill. */
export const rtpText = (rules: Pick<TableRules, 'rtp' | 'rtpIsUpTo'>, t: Translate) =>
  rules.rtpIsUpTo ? t('games.table_rules_rtp_up_to', { rtp: formatPercent(rules.rtp) }) : formatPercent(rules.rtp);

/** Blackjack's rule set in full, one sentence a rule (the studio's rules answer, as the engine plays it). */
export function blackjackRuleLines(set: NonNullable<TableRules['blackjack']>, t: Translate): string[] {
  const lines = [
    t('games.table_rules_bj_decks', { decks: set.decks }),
    t(set.dealerHitsSoft17 ? 'games.table_rules_bj_h17' : 'games.table_rules_bj_s17'),
    t('games.table_rules_bj_pays', { pays: blackjackPays(set.blackjackPays) }),
    t(set.double === 'any-two' ? 'games.table_rules_bj_double_any' : 'games.table_rules_bj_double_9_11'),
    t(set.doubleAfterSplit ? 'games.table_rules_bj_das' : 'games.table_rules_bj_no_das'),
    t('games.table_rules_bj_split', { hands: set.maxHands }),
    t(set.resplitAces ? 'games.table_rules_bj_resplit_aces' : 'games.table_rules_bj_no_resplit_aces'),
    t(set.surrender === 'late' ? 'games.table_rules_bj_surrender_late' : 'games.table_rules_bj_no_surrender'),
  ];
  if (set.holeCard === 'peek') lines.push(t('games.table_rules_bj_peek'));
  else lines.push(t(set.enhcDealerBlackjackTakes === 'all' ? 'games.table_rules_bj_enhc_all' : 'games.table_rules_bj_enhc_original'));
  lines.push(t(set.insurance ? 'games.table_rules_bj_insurance' : 'games.table_rules_bj_no_insurance'));
  lines.push(t('games.table_rules_bj_dealer_fixed'));
  return lines;
}

/**
 * A table game's rules inside the game (rendered on the server: they never change while it is
 * played): the return shown ("op til" for blackjack and video poker, with the strategy it
 * assumes), the stakes, and the kind's own: roulette every bet type with its payout, return and
 * limits and the table's limits; blackjack its rule set in full; video poker its paytable. Then how
 * to play by keyboard, and what happens to a hand left unfinished.
 */
export function TableRulesPanel({ rules, t }: { rules: TableRules; t: Translate }) {
  const stakeRange = `${formatKr(rules.stake.minOre)} – ${formatKr(rules.stake.maxOre)}`;
  return (
    <details className={styles.rules} data-testid="game-rules" data-kind={rules.kind}>
      <summary>{t('games.table_rules_summary')}</summary>
      <dl className={styles.facts}>
        <div>
          <dt>{t('slot_machines.rtp')}</dt>
          <dd data-testid="rules-rtp">{rtpText(rules, t)}</dd>
        </div>
        {rules.blackjack ? (
          <div>
            <dt>{t('games.table_rules_house_edge')}</dt>
            <dd>{formatPercent(rules.blackjack.houseEdge)}</dd>
          </div>
        ) : null}
        {rules.kind === 'roulette' ? (
          <div>
            <dt>{t('games.table_rules_chips')}</dt>
            <dd data-testid="rules-stake">{rules.stake.stepsOre.map((chip) => formatKr(chip)).join(', ')}</dd>
          </div>
        ) : (
          <div>
            <dt>{t('games.table_rules_stake_hand')}</dt>
            <dd data-testid="rules-stake">{stakeRange}</dd>
          </div>
        )}
      </dl>
      {rules.rtpIsUpTo ? (
        <p className={styles.muted} data-testid="rules-strategy">
          {t(
            rules.kind === 'blackjack'
              ? 'games.table_rules_strategy_bj'
              : rules.kind === 'roulette'
                ? 'games.table_rules_strategy_roulette'
                : 'games.table_rules_strategy_vp',
          )}
        </p>
      ) : null}

      {rules.roulette ? <RouletteRules table={rules.roulette} t={t} /> : null}
      {rules.blackjack ? (
        <section data-testid="rules-blackjack">
          <h3 className={styles.heading}>{t('games.table_rules_bj_heading')}</h3>
          <ul className={styles.ruleList}>
            {blackjackRuleLines(rules.blackjack, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {rules.videoPoker ? (
        <section data-testid="rules-video-poker">
          <h3 className={styles.heading}>{t('games.table_rules_vp_heading')}</h3>
          <VideoPokerPaytable rows={paytableRows(rules.videoPoker.pays)} t={t} caption={t('games.table_rules_vp_caption')} />
          <ul className={`${styles.ruleList} ${tableStyles.rulesAfterTable}`}>
            <li>{t('games.table_rules_vp_deck')}</li>
            <li>{t('games.table_rules_vp_how')}</li>
            <li>{t('games.table_rules_vp_pays')}</li>
          </ul>
        </section>
      ) : null}

      <h3 className={styles.heading}>{t('games.table_rules_how_heading')}</h3>
      <ul className={styles.ruleList}>
        {rules.kind === 'roulette' ? (
          <>
            <li>{t('games.table_rules_roulette_how')}</li>
            <li>{t('games.table_rules_roulette_keys')}</li>
          </>
        ) : rules.kind === 'blackjack' ? (
          <>
            <li>{t('games.table_rules_bj_how')}</li>
            <li>{t('games.table_rules_bj_keys')}</li>
          </>
        ) : (
          <li>{t('games.table_rules_vp_keys')}</li>
        )}
        {rules.kind !== 'roulette' ? (
          <>
            <li>{t('games.table_rules_resume')}</li>
            <li data-testid="rules-timeout">
              {t(rules.kind === 'blackjack' ? 'games.table_rules_bj_timeout' : 'games.table_rules_vp_timeout', {
                minutes: rules.timeoutMinutes,
              })}
            </li>
          </>
        ) : null}
      </ul>
    </details>
  );
}

function RouletteRules({ table, t }: { table: NonNullable<TableRules['roulette']>; t: Translate }) {
  return (
    <section data-testid="rules-roulette">
      <p className={styles.muted}>
        {t(table.variant === 'french-la-partage' ? 'games.table_rules_roulette_la_partage' : 'games.table_rules_roulette_european')}
      </p>
      <h3 className={styles.heading}>{t('games.table_rules_bets_heading')}</h3>
      <table className={tableStyles.rulesTable} data-testid="rules-bet-kinds">
        <thead>
          <tr>
            <th scope="col">{t('games.table_rules_col_bet')}</th>
            <th scope="col">{t('games.table_rules_col_payout')}</th>
            <th scope="col">{t('games.table_rules_col_rtp')}</th>
            <th scope="col">{t('games.table_rules_col_limits')}</th>
          </tr>
        </thead>
        <tbody>
          {table.kinds.map((kind) => (
            <tr key={kind.kind} data-kind={kind.kind}>
              <th scope="row">{t(KIND_KEYS[kind.kind] ?? kind.kind)}</th>
              <td>{t('games.table_rules_payout', { payout: kind.payout })}</td>
              <td data-testid="rules-kind-rtp">{formatPercent(kind.rtp)}</td>
              <td>{`${formatKr(kind.minOre)} – ${formatKr(kind.maxOre)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.muted}>
        {t('games.table_rules_roulette_limits', { max: formatKr(table.maxTotalStakeOre), bets: table.maxBets })}
      </p>
    </section>
  );
}
