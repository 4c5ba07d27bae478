import { formatDateDa, formatKr } from '@krone/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import styles from '@/components/players/players.module.css';
import { TOURNAMENT_TEXT_KEYS } from '@/components/tournaments/text-keys';
import { TournamentBoard } from '@/components/tournaments/tournament-board';
import boardStyles from '@/components/tournaments/tournaments.module.css';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { campaignHref } from '@/lib/offer-rules';
import { loadGameLinks } from '@/lib/offers';
import { editionLabel, isDraw, tournamentName, TOURNAMENTS_PATH } from '@/lib/tournament-rules';
import { loadPlayerTournaments } from '@/lib/tournaments';
import { sessionToken } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

/**
 * /min-konto/gamification (login required; the menu's "Turneringer"): the tournaments open to join
 * and those the player is in, with their place and points on a live leaderboard, and the prizes they
 * have won. Nothing here pressures play: no streaks, no countdowns, no reward to lose.
 */
export default async function TournamentsPage() {
  const token = await sessionToken();
  if (!token) redirect(loginUrlFor(TOURNAMENTS_PATH));
  const [t, answer] = await Promise.all([getTranslator(), loadPlayerTournaments(token)]);
  if (!answer.ok && answer.status === 401) redirect(loginUrlFor(TOURNAMENTS_PATH));
  const links = answer.ok ? await loadGameLinks(answer.data.tournaments.flatMap((entry) => entry.rule.gameIds)) : new Map();
  const games = Object.fromEntries([...links].map(([id, link]) => [id, { name: link.name, href: link.href }]));
  const texts = pickTranslations(t, TOURNAMENT_TEXT_KEYS);

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('campaign.tournament_title')}</h1>
      <p className={styles.intro}>{t('campaign.tournament_intro')}</p>
      {!answer.ok ? (
        <p className={styles.alert} role="alert" data-testid="tournaments-error">
          {t('campaign.tournament_error')}
        </p>
      ) : (
        <>
          {answer.data.tournaments.length === 0 ? <p>{t('campaign.tournament_none')}</p> : null}
          {answer.data.tournaments.map((tournament) => (
            <TournamentBoard
              key={tournament.slug}
              initial={tournament}
              texts={texts}
              games={games}
              returnPath={TOURNAMENTS_PATH}
              termsHref={campaignHref(tournament.campaignSlug)}
              player
            />
          ))}
          <section aria-labelledby="tournament-prizes" data-testid="tournament-prizes">
            <h2 id="tournament-prizes">{t('campaign.tournament_your_prizes')}</h2>
            {answer.data.prizes.length === 0 ? (
              <p>{t('campaign.tournament_your_prizes_empty')}</p>
            ) : (
              <ul className={boardStyles.prizeList}>
                {answer.data.prizes.map((prize) => {
                  const of = answer.data.tournaments.find((entry) => entry.slug === prize.tournamentSlug);
                  const recurrence = of?.recurrence ?? 'monthly';
                  return (
                    <li key={`${prize.tournamentSlug}:${prize.edition}`} data-testid="tournament-prize">
                      {of && isDraw(of)
                        ? t('campaign.tournament_prize_row_draw', {
                            tournament: tournamentName(prize.tournamentSlug, t),
                            amount: formatKr(prize.prizeOre),
                            date: formatDateDa(prize.paidAt),
                          })
                        : t('campaign.tournament_prize_row', {
                            rank: prize.rank,
                            tournament: tournamentName(prize.tournamentSlug, t),
                            edition: editionLabel({ recurrence, edition: prize.edition }, t),
                            amount: formatKr(prize.prizeOre),
                            date: formatDateDa(prize.paidAt),
                          })}{' '}
                      <Link href="/min-konto/transaktioner" prefetch={false}>
                        {t('menu.transactions')}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
