'use client';

import { formatKr } from '@krone/domain';
import { useEffect, useMemo, useRef } from 'react';
import { ownedByControl } from '../../game-screen/screen-helpers';
import { PlayingCard } from '../playing-card';
import tableStyles from '../table-games.module.css';
import { TableResult } from '../table-result';
import { TableStake, typingIn, withModifier } from '../table-stake';
import { useTableGame, type TableGameProps } from '../use-table-game';
import { explainBlackjack, feltRule, moveButtons, moveOfKey, OUTCOME_KEYS, totalLabel } from './blackjack-model';
import styles from './blackjack.module.css';

/**
 * Blackjack's table: the dealer's cards (the hole card face down until the round is over), the
 * player's hands (after a split the one in play marked), each with its total, stake and result; the
 * stake and "Giv kort" between rounds, and during one exactly the moves the studio allows, each
 * with its key (T, S, D, P, G; insurance F or N). Enter or Space deals.
 */
export function BlackjackGame({ rules, table, motion, t, status }: TableGameProps) {
  const { stakeOre, setStakeOre, round, view } = useTableGame('blackjack', rules, table);
  const playing = round?.status === 'playing';
  const buttons = useMemo(() => (view && playing ? moveButtons(view) : []), [view, playing]);
  const lines = useMemo(() => (round ? explainBlackjack(round, t, rules.timeoutMinutes) : []), [round, t, rules.timeoutMinutes]);
  const controls = useRef<HTMLDivElement>(null);
  const deal = () => void table.deal({ stakeOre });

  // Keys: the moves' letters; Enter and Space deal (unless a control has them).
  const latest = useRef({ table, view, playing, deal });
  useEffect(() => {
    latest.current = { table, view, playing, deal };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || withModifier(event) || typingIn(event.target)) return;
      const { table: current, view: shown, playing: inPlay, deal: dealNow } = latest.current;
      if (shown && inPlay) {
        const button = moveOfKey(event.key, shown);
        if (button && current.canAct) {
          event.preventDefault();
          void current.act(button.body);
        }
        return;
      }
      if ((event.key === ' ' || event.key === 'Enter') && !ownedByControl(event.target) && current.canDeal) {
        event.preventDefault();
        dealNow();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The focus follows the round: on the first move when a hand waits, on "Giv kort" when it is over,
  // unless the player has put it somewhere else on the page.
  const moveSet = buttons.map((button) => button.move).join();
  useEffect(() => {
    const box = controls.current;
    const active = document.activeElement;
    if (!box || (active && active !== document.body && !box.contains(active))) return;
    box.querySelector<HTMLButtonElement>('button:not(:disabled)[data-primary]')?.focus();
    // Again when "Giv kort" comes back after the pace: a disabled button takes no focus.
  }, [moveSet, round?.status, table.canDeal]);

  const dealLabel = table.waitSeconds > 0 ? t('games.table_wait', { seconds: table.waitSeconds }) : t('games.table_bj_deal');

  return (
    <>
      <div
        className={`${tableStyles.felt} ${motion ? tableStyles.motion : ''}`}
        data-testid="blackjack-table"
        data-motion={motion ? 'on' : 'off'}
      >
        <p className={tableStyles.feltRule} aria-hidden="true">
          {feltRule(rules, t)}
        </p>
        <section className={styles.dealer} aria-label={t('games.table_bj_dealer')} data-testid="blackjack-dealer">
          <h2 className={styles.label}>
            {t('games.table_bj_dealer')}
            {view && view.dealer.cards.length > 0 ? (
              <span className={styles.total} data-testid="blackjack-dealer-total">
                {view.dealer.blackjack
                  ? t('games.table_bj_badge_blackjack')
                  : totalLabel(view.dealer.total, view.dealer.soft && view.phase !== 'over')}
              </span>
            ) : null}
          </h2>
          <div className={styles.cards}>
            {view ? (
              <>
                {view.dealer.cards.map((card, index) => (
                  <PlayingCard key={`${card}-${index}`} card={card} t={t} />
                ))}
                {Array.from({ length: view.dealer.hidden }, (_, index) => (
                  <PlayingCard key={`hidden-${index}`} card={null} t={t} />
                ))}
              </>
            ) : (
              <span className={styles.empty} />
            )}
          </div>
        </section>
        <section aria-label={t('games.table_bj_hands')}>
          <ul className={styles.hands} data-testid="blackjack-hands">
            {view?.hands.map((hand, index) => {
              const active = playing && view.phase === 'player' && index === view.active && view.hands.length > 1;
              return (
                <li
                  key={index}
                  className={`${styles.hand}${active ? ` ${styles.active}` : ''}`}
                  aria-current={active ? 'true' : undefined}
                  data-testid="blackjack-hand"
                  data-outcome={hand.outcome ?? ''}
                >
                  <h3 className={styles.label}>
                    {view.hands.length > 1 ? t('games.table_bj_hand_numbered', { n: index + 1 }) : t('games.table_bj_hand_single')}
                    <span className={styles.total} data-testid="blackjack-hand-total">
                      {totalLabel(hand.total, hand.soft && !hand.done)}
                    </span>
                    {active ? <span className={styles.badge}>{t('games.table_bj_active')}</span> : null}
                  </h3>
                  <div className={styles.cards}>
                    {hand.cards.map((card, cardIndex) => (
                      <PlayingCard key={`${card}-${cardIndex}`} card={card} t={t} />
                    ))}
                  </div>
                  <p className={styles.handFacts}>
                    <span className={styles.chip}>{formatKr(hand.stakeOre)}</span>
                    {hand.doubled ? <span className={styles.badge}>{t('games.table_bj_doubled')}</span> : null}
                    {hand.outcome ? (
                      <span className={`${styles.badge} ${styles[`outcome-${hand.outcome}`] ?? ''}`}>
                        {t(OUTCOME_KEYS[hand.outcome])}
                        {hand.returnOre ? ` · ${formatKr(hand.returnOre)}` : ''}
                      </span>
                    ) : null}
                  </p>
                </li>
              );
            }) ?? null}
          </ul>
          {view && view.insuranceOre > 0 ? (
            <p className={styles.insurance} data-testid="blackjack-insurance">
              {t('games.table_bj_insurance_taken', { amount: formatKr(view.insuranceOre) })}
            </p>
          ) : null}
        </section>
      </div>

      <div className={tableStyles.controls} ref={controls} data-testid="blackjack-controls">
        {playing && view ? (
          <div className={styles.moves} role="group" aria-label={t('games.table_bj_moves')}>
            {buttons.map((button, index) => (
              <button
                key={button.move}
                type="button"
                className={`btn ${index === 0 ? 'btn-primary' : 'btn-outline'} ${tableStyles.action}`}
                onClick={() => void table.act(button.body)}
                disabled={!table.canAct}
                aria-keyshortcuts={button.key}
                data-primary={index === 0 ? '' : undefined}
                data-testid={`blackjack-${button.move}`}
              >
                {t(button.labelKey)} <kbd className={tableStyles.kbd}>{button.key}</kbd>
              </button>
            ))}
          </div>
        ) : (
          <>
            <TableStake steps={rules.stake.stepsOre} stakeOre={stakeOre} onChange={setStakeOre} disabled={table.busy} t={t} />
            <button
              type="button"
              className={`btn btn-primary ${tableStyles.main}`}
              onClick={deal}
              disabled={!table.canDeal}
              aria-keyshortcuts="Enter Space"
              data-primary=""
              data-testid="blackjack-deal"
            >
              {dealLabel}
            </button>
          </>
        )}
      </div>

      <TableResult round={round} lines={lines} hint={t('games.table_bj_hint')} status={status} t={t} />
    </>
  );
}
