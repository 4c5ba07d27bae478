'use client';

// Relative imports: the unit test (tournaments.test.tsx) runs under vitest, which has no '@/' alias.
import { formatClock, formatDateDa, formatKr } from '@krone/domain';
import Link from 'next/link';
import { useCallback, useEffect, useId, useState } from 'react';
import { textsTranslator, type Texts, type Translate } from '../../lib/i18n';
import { loginUrlFor } from '../../lib/login-required';
import type { Tournament } from '../../lib/platform-types';
import {
  drawProgressText,
  editionLabel,
  isDraw,
  LEADERBOARD_REFRESH_MS,
  periodText,
  pointsText,
  prizeLines,
  ruleText,
  tournamentName,
} from '../../lib/tournament-rules';
import { useLoggedIn } from '../layout/use-logged-in';
import { usePost } from '../players/use-post';
import styles from './tournaments.module.css';

export interface GameLinkLite {
  name: string;
  href: string;
}

/**
 * The leaderboard: places, names (or "Anonym spiller"), points and prizes; the player's own row
 * marked. A draw's: its winners in the order drawn, with their prizes (no points: a ticket is a ticket).
 */
export function Leaderboard({ tournament, t }: { tournament: Tournament; t: Translate }) {
  const draw = isDraw(tournament);
  if (tournament.leaderboard.length === 0) {
    return (
      <p className={styles.muted} data-testid="tournament-leaderboard-empty">
        {t(draw ? 'campaign.tournament_winners_pending' : 'campaign.tournament_leaderboard_empty')}
      </p>
    );
  }
  const rows = [...tournament.leaderboard];
  // The player's own place below the shown ones, after a gap.
  const own = tournament.standing && !rows.some((row) => row.me) ? tournament.standing : null;
  return (
    <table className={styles.table} data-testid="tournament-leaderboard">
      <thead>
        <tr>
          <th scope="col">{t(draw ? 'campaign.tournament_col_draw' : 'campaign.tournament_col_rank')}</th>
          <th scope="col">{t('campaign.tournament_col_player')}</th>
          {draw ? null : (
            <th scope="col" className={styles.number}>
              {t('campaign.tournament_col_points')}
            </th>
          )}
          <th scope="col" className={styles.number}>
            {t('campaign.tournament_col_prize')}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...rows, ...(own ? [own] : [])].map((row) => (
          <tr key={row.rank} className={row.me ? styles.me : undefined} data-testid="tournament-row" data-me={row.me || undefined}>
            <td>{row.rank}.</td>
            <td>
              {row.name ?? t('campaign.tournament_anonymous')}
              {row.me ? ` (${t('campaign.tournament_you')})` : ''}
            </td>
            {draw ? null : (
              <td className={styles.number} data-testid="tournament-row-points">
                {pointsText(row.points)}
              </td>
            )}
            <td className={styles.number}>{row.prizeOre > 0 ? formatKr(row.prizeOre) : '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A guest's way in: why to log in, "Log ind" (back to `returnPath`) and "Opret konto". */
function GuestEntry({ text, returnPath, t }: { text: string; returnPath: string; t: Translate }) {
  return (
    <div className={styles.guest} data-testid="tournament-guest">
      <p>{text}</p>
      <div className={styles.links}>
        <Link href={loginUrlFor(returnPath)} className="btn btn-primary" prefetch={false} data-testid="tournament-login">
          {t('btn.login')}
        </Link>
        <Link href="/registrer" className="btn btn-outline" prefetch={false}>
          {t('btn.register')}
        </Link>
      </div>
    </div>
  );
}

/**
 * One tournament's edition (issue 27): its name, period, rule, tie rule and prizes as the terms
 * state them; "Tilmeld dig" (a guest: log in or register) or since when the player is in; their
 * place; and the leaderboard, asked for again every 15 seconds while the page is shown and after a
 * join, so it moves as rounds are played. No countdown and no streak: nothing here hurries play.
 */
export function TournamentBoard({
  initial,
  texts,
  games,
  returnPath,
  termsHref,
  player = false,
}: {
  initial: Tournament;
  texts: Texts;
  /** The rule's titles: their names, and the links a lobby tile gives. */
  games: Record<string, GameLinkLite>;
  /** Where a guest comes back to after logging in. */
  returnPath: string;
  /** The campaign page with the whole terms (none: this is it). */
  termsHref?: string;
  /** The page is a logged-in player's own (no guest links, even before the browser has read its cookies). */
  player?: boolean;
}) {
  const t = textsTranslator(texts);
  const loggedIn = useLoggedIn() || player;
  const [tournament, setTournament] = useState(initial);
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { busy, post } = usePost();
  const messageId = useId();
  const headingId = useId();

  const refresh = useCallback(async () => {
    try {
      const response = await fetch('/api/tournaments', { cache: 'no-store' });
      if (!response.ok) return;
      const body = (await response.json()) as { data?: { tournaments?: Tournament[] } };
      const fresh = body.data?.tournaments?.find((entry) => entry.slug === initial.slug);
      if (fresh) {
        setTournament(fresh);
        setUpdatedAt(new Date().toISOString());
      }
    } catch {
      // The board keeps what it showed; the next turn asks again.
    }
  }, [initial.slug]);

  useEffect(() => {
    // The player's own view at once (a cached campaign page was rendered for everyone); its state is set after the answer, not here.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, LEADERBOARD_REFRESH_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, loggedIn]);

  async function join() {
    if (busy) return;
    setRefusal(null);
    const answer = await post('/api/tournaments/join', { tournament: tournament.slug, edition: tournament.edition });
    if (answer.ok) {
      setTournament(answer.body.data as Tournament);
      setUpdatedAt(new Date().toISOString());
      return;
    }
    setRefusal(answer.body.message?.trim() || t('campaign.tournament_join_error'));
    void refresh();
  }

  const gameNames = new Map(Object.entries(games).map(([id, game]) => [id, game.name]));
  const open = tournament.status === 'open';
  const draw = isDraw(tournament);
  const entrants = draw
    ? tournament.entrants === 1
      ? t('campaign.tournament_tickets_one')
      : t('campaign.tournament_tickets', { count: tournament.entrants })
    : tournament.entrants === 1
      ? t('campaign.tournament_entrants_one')
      : t('campaign.tournament_entrants', { count: tournament.entrants });
  const status =
    tournament.status === 'open'
      ? t('campaign.tournament_status_open')
      : tournament.status === 'upcoming'
        ? t('campaign.tournament_status_upcoming', { date: formatDateDa(tournament.startsAt) })
        : draw
          ? t(tournament.drawn ? 'campaign.tournament_status_drawn' : 'campaign.tournament_status_drawing')
          : t('campaign.tournament_status_ended');
  const firstPrize = tournament.prizes[0]?.prizeOre ?? 0;

  return (
    <section
      className={styles.board}
      aria-labelledby={headingId}
      data-testid="tournament"
      data-slug={tournament.slug}
      data-edition={tournament.edition}
    >
      <header className={styles.header}>
        <h2 id={headingId}>
          {tournamentName(tournament.slug, t)} · {editionLabel(tournament, t)}
        </h2>
        <p className={styles.muted}>
          <span className={open ? styles.open : styles.closed}>{status}</span> · {periodText(tournament, t)} ·{' '}
          <span data-testid="tournament-entrants">{entrants}</span>
        </p>
      </header>
      <p>{ruleText(tournament, gameNames, t)}</p>
      {draw ? (
        <p className={styles.muted} data-testid="tournament-draw-prizes">
          {t('campaign.tournament_draw_prizes', { places: tournament.placesPaid, amount: formatKr(firstPrize) })}
        </p>
      ) : (
        <p className={styles.muted}>{t('campaign.tournament_tie_rule')}</p>
      )}
      {draw ? null : (
        <details className={styles.prizes}>
          <summary>
            {t('campaign.tournament_prize_pool', { amount: formatKr(tournament.prizePoolOre), places: tournament.placesPaid })}
          </summary>
          <ul>
            {prizeLines(tournament, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </details>
      )}

      {draw ? (
        <div className={styles.entry}>
          {tournament.progress ? (
            <p className={tournament.progress.qualified ? styles.joined : undefined} data-testid="tournament-progress">
              {drawProgressText(tournament, tournament.progress, t)}
            </p>
          ) : loggedIn ? null : (
            <GuestEntry text={t('campaign.tournament_draw_guest')} returnPath={returnPath} t={t} />
          )}
        </div>
      ) : (
        <div className={styles.entry}>
          {tournament.joinedAt ? (
            <p className={styles.joined} data-testid="tournament-joined">
              {t('campaign.tournament_joined', { date: formatDateDa(tournament.joinedAt) })}
            </p>
          ) : !open ? null : loggedIn ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void join()}
              aria-disabled={busy || undefined}
              aria-describedby={refusal ? messageId : undefined}
              data-testid="tournament-join"
            >
              {busy ? t('btn.loading') : t('campaign.tournament_join')}
            </button>
          ) : (
            <GuestEntry text={t('campaign.tournament_join_guest')} returnPath={returnPath} t={t} />
          )}
          <p id={messageId} className={styles.refusal} role="status" data-testid="tournament-refusal">
            {refusal}
          </p>
          {tournament.joinedAt ? (
            <p data-testid="tournament-standing">
              {tournament.standing
                ? t('campaign.tournament_your_standing', { rank: tournament.standing.rank, points: pointsText(tournament.standing.points) })
                : t(
                    tournament.rule.kind === 'won_hands'
                      ? 'campaign.tournament_your_standing_none_won_hands'
                      : 'campaign.tournament_your_standing_none',
                  )}
            </p>
          ) : null}
        </div>
      )}

      <div className={styles.boardHead}>
        <h3>{t(draw ? 'campaign.tournament_winners' : 'campaign.tournament_leaderboard')}</h3>
        {updatedAt ? (
          <p className={styles.muted} aria-live="polite">
            {t('campaign.tournament_leaderboard_updated', { time: formatClock(updatedAt) })}
          </p>
        ) : null}
      </div>
      <Leaderboard tournament={tournament} t={t} />

      {open || (draw && tournament.status === 'upcoming') ? (
        <ul className={styles.games}>
          {tournament.rule.gameIds.map((id) =>
            games[id] ? (
              <li key={id}>
                <Link href={games[id].href} prefetch={false} data-testid="tournament-game">
                  {t('campaign.tournament_play_link', { game: games[id].name })}
                </Link>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {termsHref ? (
        <p>
          <Link href={termsHref} prefetch={false} data-testid="tournament-terms">
            {t('campaign.tournament_terms_link')}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
