'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { ownedByControl } from '../../game-screen/screen-helpers';
import { capitalise, cardName } from '../cards';
import { PlayingCard } from '../playing-card';
import tableStyles from '../table-games.module.css';
import { TableResult } from '../table-result';
import { TableStake, typingIn, withModifier } from '../table-stake';
import { useTableGame, type TableGameProps } from '../use-table-game';
import { explainVideoPoker, highlightedRow, holdIndexOfKey, NO_HOLDS, paytableRows, toggleHold } from './video-poker-model';
import { VideoPokerPaytable } from './video-poker-paytable';
import styles from './video-poker.module.css';

/**
 * Video poker's machine: the paytable with the hand in view marked, five cards (tap one, or press
 * its number 1–5, to hold it: HOLD shows on it), "Giv kort" and then "Træk" (Enter or Space), the
 * stake between rounds. Before the first deal the cards lie face down.
 */
export function VideoPokerGame({ rules, table, motion, t, status }: TableGameProps) {
  const { stakeOre, setStakeOre, round, view } = useTableGame('video-poker', rules, table);
  const holding = round?.status === 'playing' && view?.phase === 'hold';
  // The holds chosen for the hand in view (a new deal starts with none).
  const [holdState, setHoldState] = useState<{ roundId: string | null; holds: readonly boolean[] }>({ roundId: null, holds: NO_HOLDS });
  const holds = holding ? (holdState.roundId === round?.roundId ? holdState.holds : NO_HOLDS) : (view?.holds ?? NO_HOLDS);
  const rows = useMemo(() => paytableRows(rules.videoPoker?.pays ?? []), [rules.videoPoker]);
  const highlight = view ? highlightedRow(rows, view.handClass) : -1;
  const lines = useMemo(
    () => (round ? explainVideoPoker(round, rows, t, rules.timeoutMinutes) : []),
    [round, rows, t, rules.timeoutMinutes],
  );
  // The paytable's amounts: for the hand in play its own stake, between hands the stake chosen.
  const paytableStake = holding && round ? round.stakeOre : stakeOre;

  const toggle = (index: number) => {
    if (!holding || !round) return;
    setHoldState({ roundId: round.roundId, holds: toggleHold(holds, index) });
  };
  const main = () => {
    if (holding) void table.act({ action: 'draw', holds: [...holds] });
    else void table.deal({ stakeOre });
  };

  const latest = useRef({ table, holding, toggle, main });
  useEffect(() => {
    latest.current = { table, holding, toggle, main };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || withModifier(event) || typingIn(event.target)) return;
      const { table: current, holding: isHolding, toggle: hold, main: press } = latest.current;
      const index = holdIndexOfKey(event.key);
      if (index !== null) {
        if (isHolding && current.canAct) {
          event.preventDefault();
          hold(index);
        }
        return;
      }
      if ((event.key === ' ' || event.key === 'Enter') && !ownedByControl(event.target)) {
        if (isHolding ? current.canAct : current.canDeal) {
          event.preventDefault();
          press();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // The focus follows the round onto the main button (draw, then deal), unless the player put it elsewhere.
  const mainButton = useRef<HTMLButtonElement>(null);
  const cardsBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    const inside = (box: HTMLElement | null) => Boolean(box && active && box.contains(active));
    if (active && active !== document.body && !inside(cardsBox.current) && active !== mainButton.current) return;
    if (!inside(cardsBox.current)) mainButton.current?.focus();
    // Again when the deal comes back after the pace: a disabled button takes no focus.
  }, [round?.roundId, round?.status, table.canDeal]);

  const cards: (number | null)[] = view ? view.hand : [null, null, null, null, null];
  const mainLabel =
    !holding && table.waitSeconds > 0
      ? t('games.table_wait', { seconds: table.waitSeconds })
      : holding
        ? t('games.table_vp_draw')
        : t('games.table_vp_deal');

  return (
    <>
      <div
        className={`${tableStyles.felt} ${styles.machine} ${motion ? tableStyles.motion : ''}`}
        data-testid="video-poker-table"
        data-motion={motion ? 'on' : 'off'}
      >
        <VideoPokerPaytable rows={rows} highlight={highlight} stakeOre={paytableStake} t={t} caption={t('games.table_vp_paytable')} />
        <div className={styles.cards} ref={cardsBox} role="group" aria-label={t('games.table_vp_cards')} data-testid="video-poker-cards">
          {cards.map((card, index) => {
            const held = Boolean(holds[index]);
            const key = `${round?.roundId ?? 'none'}-${index}-${card ?? 'back'}`;
            if (card === null || !holding)
              return (
                <div key={key} className={styles.slot} data-testid="video-poker-card" data-held={held ? 'true' : 'false'}>
                  <PlayingCard card={card} t={t} held={held} size="large" />
                  <span className={styles.holdMark} aria-hidden={!held}>
                    {held ? t('games.table_vp_hold') : ''}
                  </span>
                </div>
              );
            return (
              <button
                key={key}
                type="button"
                className={`${styles.slot} ${styles.holdButton}`}
                aria-pressed={held}
                aria-keyshortcuts={String(index + 1)}
                aria-label={t('games.table_vp_hold_card', { card: capitalise(cardName(card, t)), key: index + 1 })}
                onClick={() => toggle(index)}
                disabled={!table.canAct}
                data-testid="video-poker-card"
                data-held={held ? 'true' : 'false'}
              >
                <PlayingCard card={card} t={t} held={held} size="large" />
                <span className={styles.holdMark} aria-hidden="true">
                  {held ? t('games.table_vp_hold') : <kbd className={tableStyles.kbd}>{index + 1}</kbd>}
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <div className={tableStyles.controls} data-testid="video-poker-controls">
        <TableStake steps={rules.stake.stepsOre} stakeOre={stakeOre} onChange={setStakeOre} disabled={table.busy || holding} t={t} />
        <button
          ref={mainButton}
          type="button"
          className={`btn btn-primary ${tableStyles.main}`}
          onClick={main}
          disabled={holding ? !table.canAct : !table.canDeal}
          aria-keyshortcuts="Enter Space"
          data-testid={holding ? 'video-poker-draw' : 'video-poker-deal'}
        >
          {mainLabel}
        </button>
      </div>

      <TableResult round={round} lines={lines} hint={t('games.table_vp_hint')} status={status} t={t} />
    </>
  );
}
