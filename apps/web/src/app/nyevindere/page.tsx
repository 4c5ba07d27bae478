import Link from 'next/link';
import { GameTexts } from '@/components/games/game-texts';
import { WINNER_TEXT_KEYS } from '@/components/winners/text-keys';
import { WinnersFeed } from '@/components/winners/winners-feed';
import styles from '@/components/winners/winners.module.css';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { seoMetadata } from '@/lib/seo';
import { loadWinners, WINNERS_PAGE_SIZE } from '@/lib/winners';
import { readBefore, winnersHref } from '@/lib/winners-view';

export const generateMetadata = () => seoMetadata('nyevindere');

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The most winners the first page keeps as they arrive (older ones are a page away). */
const LIVE_LIMIT = 100;

/**
 * /nyevindere (spec §2, issue 26): big wins and jackpot hits from rounds that settled, newest
 * first, 20 a page (`?foer=<id>`: the ones before it), each with the winner's first name and
 * initial, the amount, the title (a link to it), the stake and the time; a jackpot hit marked.
 * The first page follows the stream; without script it shows the winners at render. A player who
 * opted out (profile) is never among them: the platform leaves them out.
 */
export default async function NewWinnersPage({ searchParams }: { searchParams: Search }) {
  const [t, search] = await Promise.all([getTranslator(), searchParams]);
  const before = readBefore(search);
  const answer = await loadWinners(WINNERS_PAGE_SIZE, before ?? undefined, true);
  const items = answer.ok ? answer.data.items : [];
  const older = items.length === WINNERS_PAGE_SIZE ? items.at(-1)!.id : null;
  return (
    <GameTexts texts={{}}>
      <div className={styles.page}>
        <header className={styles.head}>
          <h1>{t('games.new_winners_title')}</h1>
          <p className={styles.intro}>{t('games.new_winners_intro')}</p>
          <p className={styles.note}>{t('games.new_winners_note')}</p>
        </header>
        {answer.ok ? (
          <WinnersFeed
            initial={items}
            limit={before ? WINNERS_PAGE_SIZE : LIVE_LIMIT}
            live={!before}
            variant="list"
            emptyKey={before ? 'games.winners_no_older' : 'games.no_winners'}
            texts={pickTranslations(t, WINNER_TEXT_KEYS)}
          />
        ) : (
          <p className={styles.empty} role="alert">
            {t('games.winners_error')}
          </p>
        )}
        {before || older ? (
          <nav className={styles.pages} aria-label={t('games.winners_pages')}>
            {before ? (
              <Link href={winnersHref(null)} prefetch={false}>
                {t('games.winners_newest')}
              </Link>
            ) : null}
            {older ? (
              <Link href={winnersHref(older)} prefetch={false} rel="next" data-testid="winners-older">
                {t('games.winners_older')}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </div>
    </GameTexts>
  );
}
