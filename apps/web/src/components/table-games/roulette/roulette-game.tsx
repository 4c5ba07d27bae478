'use client';

import { formatKr } from '@krone/domain';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Translate } from '../../../lib/i18n';
import type { RouletteView, TableRound, TableRules } from '../../../lib/studio-schemas';
import { ownedByControl } from '../../game-screen/screen-helpers';
import tableStyles from '../table-games.module.css';
import { TableResult } from '../table-result';
import { withModifier } from '../table-stake';
import type { TableSession } from '../use-table-session';
import {
  betKeyOf,
  betsOf,
  chipText,
  doubleBets,
  explainSpin,
  limitsOf,
  placeChip,
  pocketName,
  repeatBets,
  spinProblems,
  spotTotals,
  totalOf,
  type Placement,
  type Problem,
} from './roulette-bets';
import { RouletteBoard } from './roulette-board';
import { pocketColour } from './roulette-layout';
import { RouletteWheel } from './roulette-wheel';
import styles from './roulette.module.css';

/** How many of the last pockets are shown. */
export const LAST_RESULTS = 12;
/** The last pockets of this table in this tab (newest first), kept across a reload. */
function useLastResults(gameId: string): [number[], (pocket: number) => void] {
  const key = `krone_roulette_results:${gameId}`;
  const [results, setResults] = useState<number[]>([]);
  useEffect(() => {
    try {
      const stored = JSON.parse(window.sessionStorage.getItem(key) ?? '[]') as unknown;
      if (Array.isArray(stored))
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setResults(stored.filter((n): n is number => Number.isInteger(n) && n >= 0 && n <= 36).slice(0, LAST_RESULTS));
    } catch {
      // Nothing kept (a browser that keeps nothing, or a value from elsewhere): none shown.
    }
  }, [key]);
  const add = useCallback(
    (pocket: number) =>
      setResults((current) => {
        const next = [pocket, ...current].slice(0, LAST_RESULTS);
        try {
          window.sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          // Kept for this page only.
        }
        return next;
      }),
    [key],
  );
  return [results, add];
}

/**
 * Roulette's table: the wheel and the last results, the layout with the chips on it, the chips of
 * the table's denominations (the chosen one marked), undo, clear, repeat the last spin's bets,
 * double them, and spin (Enter or Space). Every chip is checked against the table's limits before
 * it is placed; a spin's result is shown once the wheel has stopped: the pocket, the winning spots
 * marked, the spin in words.
 */
export function RouletteGame({
  rules,
  table,
  motion,
  t,
  status,
  holdFigures = () => {},
}: {
  rules: TableRules;
  table: TableSession;
  motion: boolean;
  t: Translate;
  status: React.ReactNode;
  /** Keeps the shell's balance and net at their value before the spin until the wheel has stopped (true), or lets them go. */
  holdFigures?: (on: boolean) => void;
}) {
  const limits = useMemo(() => limitsOf(rules), [rules]);
  const [chipOre, setChipOre] = useState(() =>
    limits.chipsOre.includes(rules.stake.defaultOre) ? rules.stake.defaultOre : limits.chipsOre[0]!,
  );
  const [placements, setPlacements] = useState<Placement[]>([]);
  const [history, setHistory] = useState<Placement[][]>([]);
  const [lastBets, setLastBets] = useState<Placement[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [focusPoint, setFocusPoint] = useState<[number, number]>([10, 2]);
  const [lastResults, addResult] = useLastResults(rules.gameId);
  // The round the wheel turns to, and the round shown (its words and marks) once it has stopped.
  const round = table.round?.table.kind === 'roulette' ? table.round : null;
  const [shown, setShown] = useState<TableRound | null>(null);
  const spinning = round !== null && round.roundId !== shown?.roundId;
  const shownView = shown?.table.kind === 'roulette' ? (shown.table as RouletteView) : null;

  const change = (next: Placement[]) => {
    setHistory((past) => [...past, placements]);
    setPlacements(next);
    setProblem(null);
    table.clearError();
  };
  const outcome = (result: { ok: true; placements: Placement[] } | { ok: false; problem: Problem }) => {
    if (result.ok) change(result.placements);
    else setProblem(result.problem);
  };
  const place = (key: string) => outcome(placeChip(placements, key, chipOre, limits));
  const undo = () => {
    setPlacements(history.at(-1) ?? []);
    setHistory((past) => past.slice(0, -1));
    setProblem(null);
  };

  const problems = useMemo(() => (placements.length > 0 ? spinProblems(placements, limits, t) : []), [placements, limits, t]);
  const canSpin = table.canDeal && !spinning && placements.length > 0 && problems.length === 0;
  const spin = async () => {
    if (!canSpin) return;
    const sent = placements;
    holdFigures(true);
    const answer = await table.deal({ bets: betsOf(sent) });
    if (answer === null) {
      holdFigures(false);
      return;
    }
    // Sent: the layout is cleared for the next spin, and "repeat" has these bets.
    setLastBets(sent);
    setPlacements([]);
    setHistory([]);
  };

  const landed = useCallback(
    (roundId: string) => {
      if (round?.roundId !== roundId) return;
      setShown(round);
      holdFigures(false);
      if (round.table.kind === 'roulette') addResult(round.table.pocket);
    },
    [round, addResult, holdFigures],
  );
  // A spin the casino refused after all (its answer was owed): the figures are let go.
  useEffect(() => {
    if (table.error) holdFigures(false);
  }, [table.error, holdFigures]);

  // Enter and Space spin, unless a control (a spot, a chip, a button) has the key.
  const latest = useRef(spin);
  useEffect(() => {
    latest.current = spin;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== ' ' && event.key !== 'Enter') || event.repeat || withModifier(event) || ownedByControl(event.target)) return;
      event.preventDefault();
      void latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const totals = useMemo(() => spotTotals(placements), [placements]);
  // After a spin, until chips are placed again: the spin's own bets on the layout, the winners marked.
  const resting = placements.length === 0 && shownView !== null;
  const shownTotals = useMemo(() => {
    if (!resting || !shownView) return totals;
    const map = new Map<string, number>();
    for (const bet of shownView.bets) map.set(betKeyOf(bet), (map.get(betKeyOf(bet)) ?? 0) + bet.stakeOre);
    return map;
  }, [resting, shownView, totals]);
  const winning = useMemo(
    () => new Set(resting && shownView ? shownView.bets.filter((bet) => bet.outcome !== 'lose').map(betKeyOf) : []),
    [resting, shownView],
  );
  const chipIndex = (stakeOre: number) => {
    const below = limits.chipsOre.filter((chip) => chip <= stakeOre);
    return styles[`chip${Math.max(0, below.length - 1)}`] ?? '';
  };
  const lines = useMemo(
    () => (shown && shownView ? explainSpin(shownView, shown.stakeOre, shown.winOre ?? 0, t) : []),
    [shown, shownView, t],
  );
  const busy = table.busy || spinning;
  const spinLabel =
    spinning || table.busy
      ? t('games.table_roulette_spinning')
      : table.waitSeconds > 0
        ? t('games.table_wait', { seconds: table.waitSeconds })
        : t('games.table_roulette_spin');

  return (
    <>
      <div
        className={`${tableStyles.felt} ${styles.felt} ${motion ? tableStyles.motion : ''}`}
        data-testid="roulette-table"
        data-motion={motion ? 'on' : 'off'}
      >
        <div className={styles.wheelRow}>
          <RouletteWheel
            pocket={round?.table.kind === 'roulette' ? round.table.pocket : (shownView?.pocket ?? null)}
            spinKey={round?.roundId ?? null}
            motion={motion}
            onLanded={landed}
            t={t}
          />
          <section className={styles.lastResults} aria-labelledby="roulette-last-results">
            <h2 id="roulette-last-results" className={styles.smallHeading}>
              {t('games.table_roulette_last_results')}
            </h2>
            {lastResults.length > 0 ? (
              <ol className={styles.resultList} data-testid="roulette-last-results">
                {lastResults.map((pocket, index) => (
                  <li
                    key={index}
                    className={`${styles.resultPocket} ${styles[`pocket-${pocketColour(pocket)}`] ?? ''}`}
                    aria-label={pocketName(pocket, t)}
                  >
                    {pocket}
                  </li>
                ))}
              </ol>
            ) : (
              <p className={styles.noResults}>{t('games.table_roulette_no_results')}</p>
            )}
          </section>
        </div>
        <RouletteBoard
          totals={shownTotals}
          winning={winning}
          pocket={resting ? (shownView?.pocket ?? null) : null}
          focusPoint={focusPoint}
          onFocusPoint={setFocusPoint}
          onPlace={place}
          disabled={busy}
          chipClass={chipIndex}
          t={t}
        />
      </div>

      <div className={`${tableStyles.controls} ${styles.controls}`} data-testid="roulette-controls">
        <fieldset className={styles.chips} disabled={busy}>
          <legend className={styles.smallHeading}>{t('games.table_roulette_chip')}</legend>
          {limits.chipsOre.map((chip, index) => (
            <label key={chip} className={`${styles.chip} ${styles[`chip${index}`] ?? ''}`} data-testid="roulette-chip" data-ore={chip}>
              <input type="radio" name={`chip-${rules.gameId}`} value={chip} checked={chip === chipOre} onChange={() => setChipOre(chip)} />
              <span aria-hidden="true">{chipText(chip, 'short')}</span>
              <span className="visually-hidden">{formatKr(chip)}</span>
            </label>
          ))}
        </fieldset>
        <div className={styles.betButtons}>
          <button
            type="button"
            className="btn btn-outline"
            onClick={undo}
            disabled={busy || history.length === 0}
            data-testid="roulette-undo"
          >
            {t('games.table_roulette_undo')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => change([])}
            disabled={busy || placements.length === 0}
            data-testid="roulette-clear"
          >
            {t('games.table_roulette_clear')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => outcome(repeatBets(placements, lastBets, limits))}
            disabled={busy || lastBets.length === 0}
            data-testid="roulette-repeat"
          >
            {t('games.table_roulette_repeat')}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => outcome(doubleBets(placements, limits))}
            disabled={busy || placements.length === 0}
            data-testid="roulette-double"
          >
            {t('games.table_roulette_double')}
          </button>
        </div>
        <p className={styles.total}>
          <span>{t('games.table_roulette_total')}</span> <strong data-testid="roulette-total">{formatKr(totalOf(placements))}</strong>
        </p>
        <button
          type="button"
          className={`btn btn-primary ${tableStyles.main}`}
          onClick={() => void spin()}
          disabled={!canSpin}
          aria-keyshortcuts="Enter Space"
          data-testid="roulette-spin"
        >
          {spinLabel}
        </button>
        <div className={styles.messages} role="status" data-testid="roulette-message">
          {problem ? <p className={tableStyles.warn}>{t(problem.key, problem.vars)}</p> : null}
          {problems.map((text) => (
            <p key={text} className={tableStyles.warn}>
              {text}
            </p>
          ))}
        </div>
      </div>

      <TableResult round={shown} lines={lines} hint={t('games.table_roulette_hint')} status={status} t={t} />
    </>
  );
}
