import { GameTexts } from '@/components/games/game-texts';
import { GAME_TEXT_KEYS } from '@/components/games/text-keys';
import { JackpotsOverview } from '@/components/jackpots/jackpots-overview';
import styles from '@/components/jackpots/jackpots.module.css';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';
import { loadJackpots } from '@/lib/jackpots';
import { seoMetadata } from '@/lib/seo';

// Rendered for each request from the platform's figures as they are (its last hits above all: a
// hit is told by the stream only to a page open when it lands), then followed by the stream.
export const dynamic = 'force-dynamic';
export const generateMetadata = () => seoMetadata('jackpots');

/**
 * /jackpots (spec §2, issue 26): every pool with its amount ticking live, when it falls at the
 * latest, its last hits, the committed hash of its next drop and the titles that feed it. The
 * same for everyone, read fresh for each request; works without script with the figures at render.
 */
export default async function JackpotsPage() {
  const [t, answer] = await Promise.all([getTranslator(), loadJackpots(true)]);
  return (
    <GameTexts texts={pickTranslations(t, GAME_TEXT_KEYS)}>
      <div className={styles.page}>
        <header className={styles.hero}>
          <h1>{t('games.jackpots_title')}</h1>
          <p className={styles.heroIntro}>{t('games.jackpots_intro')}</p>
          <p className={styles.heroNote}>{t('games.jackpots_odds_note')}</p>
        </header>
        {answer.ok ? (
          <JackpotsOverview pools={answer.data.pools} t={t} />
        ) : (
          <p className={styles.empty} role="alert">
            {t('games.jackpots_error')}
          </p>
        )}
      </div>
    </GameTexts>
  );
}
