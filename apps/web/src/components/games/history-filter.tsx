'use client';

import { HISTORY_PATH } from '@/lib/games-query';
import { textsTranslator } from '@/lib/i18n';
import { PeriodFields, type PeriodProps } from '@/components/players/period-fields';
import styles from '@/components/players/players.module.css';
import own from '@/components/players/transactions.module.css';

/**
 * The game history's filter: a period (24 hours, 7, 30 or 90 days, or two dates within the 90 days
 * kept) and a game. A GET form: the list is rendered on the server from the address.
 */
export function HistoryFilter({
  gameId,
  games,
  texts,
  ...period
}: PeriodProps & { gameId: string; games: { id: string; name: string }[]; texts: Record<string, string> }) {
  const t = textsTranslator(texts);
  return (
    <form className={own.filter} method="get" action={HISTORY_PATH} data-testid="game-history-filter">
      <PeriodFields idPrefix="history" t={t} longer={[{ value: '90d', label: t('games.history_last_90_days') }]} {...period} />
      <div className={styles.field}>
        <label htmlFor="history-game">{t('games.history_game')}</label>
        <select id="history-game" name="spil" defaultValue={gameId}>
          <option value="">{t('games.history_all_games')}</option>
          {games.map((game) => (
            <option key={game.id} value={game.id}>
              {game.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={own.show}>
        {t('transactions.show')}
      </button>
    </form>
  );
}
