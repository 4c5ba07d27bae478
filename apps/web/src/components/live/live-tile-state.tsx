'use client';

import {
  isDrawnTable,
  LIVE_NO_VIDEO_KEYS,
  liveLimitsText,
  livePlayersText,
  liveResultViews,
  liveStateText,
  liveTileState,
  type LiveTableState,
} from '../../lib/live-casino';
import type { Translate } from '../../lib/i18n';
import { useLiveLobby } from './live-lobby-provider';
import styles from './live.module.css';

/**
 * A live table's tile, its live part: the round's state (and its countdown), the dealer, the
 * players, the limits and the last results, from the lobby stream (LiveLobbyProvider) once it has
 * spoken, else from the page's state. A table the lobby does not know is shown closed.
 */
export function LiveTileState({ gameId, initial }: { gameId: string; initial: LiveTableState | null }) {
  const { tables, nowMs, t } = useLiveLobby();
  return <LiveTableFacts table={tables[gameId] ?? initial} nowMs={nowMs} t={t} />;
}

/** The facts themselves (pure: the unit tests render it with any state). */
export function LiveTableFacts({ table, nowMs, t }: { table: LiveTableState | null; nowMs: number | null; t: Translate }) {
  const state = liveTileState(table);
  const results = table ? liveResultViews(table.kind, table.lastResults, t) : [];
  return (
    <div className={styles.facts}>
      <p className={styles.state} data-testid="live-state" data-state={state}>
        <span className={styles.dot} aria-hidden="true" />
        {liveStateText(table, t, nowMs)}
      </p>
      {table ? (
        <>
          <p className={styles.fact} data-testid="live-dealer">
            {t('games.dealer', { name: table.dealer })}
          </p>
          <p className={styles.fact}>
            <span data-testid="live-players">{livePlayersText(table.players, t)}</span>
            {' · '}
            <span data-testid="live-limits">{liveLimitsText(table.limits, t)}</span>
          </p>
          {results.length > 0 ? (
            <ol className={styles.results} aria-label={t('games.live_last_results')} data-testid="live-results">
              {results.map((result, index) => (
                <li key={index} className={result.colour ? styles[result.colour] : undefined} title={result.label}>
                  <span aria-hidden="true">{result.text}</span>
                  <span className="visually-hidden">{result.label}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className={styles.fact}>{t('games.live_no_results')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}

/** Under a tile's name: "Tegnet bord · ingen video" while the lobby does not say the studio films the table. */
export function LiveVideoLabel({ gameId, initial }: { gameId: string; initial: LiveTableState | null }) {
  const { tables, t } = useLiveLobby();
  return isDrawnTable(tables[gameId] ?? initial) ? <NoVideoLabel t={t} /> : null;
}

/** The label itself (the tile's and the launch page's): short words shown, the full sentence as its title and for screen readers. */
export function NoVideoLabel({ t }: { t: Translate }) {
  const label = t(LIVE_NO_VIDEO_KEYS.label);
  return (
    <p className={styles.noVideo} title={label} data-testid="live-no-video">
      <span aria-hidden="true">{t(LIVE_NO_VIDEO_KEYS.text)}</span>
      <span className="visually-hidden">{label}</span>
    </p>
  );
}
