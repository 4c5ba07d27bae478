import { addIsoDays, catalogueKeys, copenhagenIsoDate, formatDateTimeDa, formatKr } from '@krone/domain';
import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ListPagination } from '@/components/content/pagination';
import { HistoryFilter } from '@/components/games/history-filter';
import { ListOutcome } from '@/components/players/list-outcome';
import styles from '@/components/players/players.module.css';
import { PERIOD_FILTER_TEXT_KEYS } from '@/components/players/text-keys';
import own from '@/components/players/transactions.module.css';
import { getTranslator } from '@/lib/content';
import { historyGameHref, toTileGame } from '@/lib/game-types';
import { loadHistory, loadRecent } from '@/lib/games';
import { HISTORY_DAYS, historyHref, historyRequest, readHistoryQuery } from '@/lib/games-query';
import { pickTranslations } from '@/lib/i18n';
import { loginUrlFor } from '@/lib/login-required';
import { sessionToken } from '@/lib/session';

export const metadata: Metadata = { robots: { index: false } };

type Search = Promise<Record<string, string | string[] | undefined>>;

/** Refusals of the period, shown next to their field. */
const FIELD_MESSAGES: Readonly<Record<string, string>> = catalogueKeys('HISTORY_TOO_OLD', 'HISTORY_PERIOD_INVALID');

/**
 * /min-konto/spilhistorik (login required): every round the player played for money (time to the
 * minute in Copenhagen time, game (a link to play it again; a live table's round with the studio's
 * round id, and a round not settled yet said so), stake (with its jackpot part), win (a jackpot
 * hit apart from the game's win), balance after), the last 30
 * days unless another period within 90 days is chosen, one game or all, 20 a page. Rendered on the
 * server from the address; never cached.
 */
export default async function GameHistoryPage({ searchParams }: { searchParams: Search }) {
  const [t, token, search] = await Promise.all([getTranslator(), sessionToken(), searchParams]);
  const query = readHistoryQuery(search);
  if (!token) redirect(loginUrlFor(historyHref(query, { page: query.page })));
  const [answer, recent] = await Promise.all([loadHistory(token, historyRequest(query, new Date())), loadRecent(token, 50)]);
  if (!answer.ok && answer.status === 401) redirect(loginUrlFor(historyHref(query, { page: query.page })));

  const today = copenhagenIsoDate(new Date());
  const fieldErrors: { from?: string; to?: string } = {};
  if (!answer.ok && answer.status === 400) {
    const key = FIELD_MESSAGES[answer.code] ?? 'validation.invalid_input';
    if (answer.code === 'HISTORY_PERIOD_INVALID') fieldErrors.to = t(key);
    else fieldErrors.from = t(key);
  }
  // The game filter offers the games the player played lately, and the one chosen.
  const games = recent.ok ? recent.data.items.map((game) => ({ id: game.id, name: game.name })) : [];
  // Each round links to its game (for money): a table title to the table's launch route, a slot to the slot's.
  const kinds = new Map(recent.ok ? recent.data.items.map((game) => [game.id, toTileGame(game)] as const) : []);
  if (query.gameId && !games.some((game) => game.id === query.gameId)) games.unshift({ id: query.gameId, name: query.gameId });
  const failed = !answer.ok && answer.status !== 400;
  const columns = [
    ['time', 'games.history_col_time'],
    ['game', 'games.history_col_game'],
    ['stake', 'games.history_col_stake'],
    ['win', 'games.history_col_win'],
    ['balance', 'games.history_col_balance'],
  ] as const;

  return (
    <div className={`${styles.page} ${styles.wide}`}>
      <h1 className={styles.title}>{t('games.history_title')}</h1>
      <p className={styles.intro}>{t('games.history_intro')}</p>
      <section className={styles.card} aria-labelledby="game-history-list">
        <h2 id="game-history-list" className="visually-hidden">
          {t('games.history_caption')}
        </h2>
        <HistoryFilter
          period={query.period}
          from={query.from}
          to={query.to}
          gameId={query.gameId}
          games={games}
          minDate={addIsoDays(today, -HISTORY_DAYS)}
          maxDate={today}
          errors={fieldErrors}
          texts={pickTranslations(t, [
            ...PERIOD_FILTER_TEXT_KEYS,
            'games.history_last_90_days',
            'games.history_game',
            'games.history_all_games',
          ])}
        />
        <ListOutcome
          testId="game-history"
          failed={failed}
          rows={answer.ok ? answer.data.items.length : null}
          texts={{
            error: t('games.history_error'),
            empty: t('games.history_empty'),
            count: answer.ok ? t('games.history_count', { count: answer.data.total }) : '',
          }}
        >
          {answer.ok ? (
            <>
              <table className={own.table} data-testid="game-history-table">
                <caption className="visually-hidden">{t('games.history_caption')}</caption>
                <thead>
                  <tr>
                    {columns.map(([column, key]) => (
                      <th key={column} scope="col" className={column === 'time' || column === 'game' ? undefined : own.numeric}>
                        {t(key)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {answer.data.items.map((round) => (
                    <tr key={round.roundId} data-testid="game-round-row">
                      <td data-label={t('games.history_col_time')}>
                        <time dateTime={round.startedAt}>{formatDateTimeDa(round.startedAt)}</time>
                      </td>
                      <td data-label={t('games.history_col_game')}>
                        <Link href={historyGameHref(round.gameId, kinds, round.gameType)} prefetch={false} data-testid="game-round-link">
                          {round.gameName}
                        </Link>
                        {/* A live table's round by the studio's own id (issue 25), as its game client shows it. */}
                        {round.gameType === 'live' ? (
                          <small className={own.roundNote} data-testid="game-round-id">
                            {t('games.history_round_id', { id: round.providerRoundId })}
                          </small>
                        ) : null}
                        {round.state === 'open' ? (
                          <small className={own.roundNote} data-testid="game-round-open">
                            {t('games.history_round_open')}
                          </small>
                        ) : null}
                      </td>
                      <td data-label={t('games.history_col_stake')} className={own.numeric}>
                        {formatKr(round.stakeOre)}
                        {/* Of the stake, the part that went to jackpot pools (issue 26). */}
                        {round.jackpotStakeOre > 0 ? (
                          <small className={own.roundNote} data-testid="game-round-jackpot-stake">
                            {t('games.history_jackpot_stake', { amount: formatKr(round.jackpotStakeOre) })}
                          </small>
                        ) : null}
                      </td>
                      <td data-label={t('games.history_col_win')} className={own.numeric}>
                        {formatKr(round.winOre)}
                        {/* A jackpot hit, paid from its pool, apart from the game's win (issue 26). */}
                        {round.jackpotWinOre > 0 ? (
                          <small className={own.jackpotNote} data-testid="game-round-jackpot-win">
                            {t('games.history_jackpot_win', { amount: formatKr(round.jackpotWinOre) })}
                          </small>
                        ) : null}
                      </td>
                      <td data-label={t('games.history_col_balance')} className={own.numeric}>
                        {round.balanceAfterOre === null ? '–' : formatKr(round.balanceAfterOre)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <ListPagination
                list={answer.data}
                basePath={historyHref(query)}
                hrefFor={(n) => historyHref(query, { page: n })}
                nav={t('games.history_pagination')}
                t={t}
              />
            </>
          ) : null}
        </ListOutcome>
      </section>
    </div>
  );
}
