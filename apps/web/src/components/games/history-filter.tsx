'use client';

import { HISTORY_PATH } from '@/lib/games-query';
import { textsTranslator } from '@/lib/i18n';
import { PeriodFields } from '@/components/players/period-fields';
import styles from '@/components/players/players.module.css';
import own from '@/components/players/transactions.module.css';

/**
 * The game history's filter: a period (24 hours, 7, 30 or 90 days, or two dates within the 90 days
 * kept) and a game. A GET form: the list is rendered on the server from the address.
 */
export function HistoryFilter({
  period,
  from,
  to,
  gameId,
  games,
  minDate,
  maxDate,
  errors,
  texts,
}: {
  period: string;
  from: string;
  to: string;
  gameId: string;
  games: { id: string; name: string }[];
  minDate: string;
  maxDate: string;
  errors: { from?: string; to?: string };
  texts: Record<string, string>;
}) {
  const t = textsTranslator(texts);
  return (
    <form className={own.filter} method="get" action={HISTORY_PATH} data-testid="game-history-filter">
      <PeriodFields
        idPrefix="history"
        label={t('transactions.filter_period')}
        options={[
          { value: '24t', label: t('transactions.last_24_hours') },
          { value: '7d', label: t('transactions.last_7_days') },
          { value: '30d', label: t('transactions.last_30_days') },
          { value: '90d', label: t('games.history_last_90_days') },
          { value: 'valgt', label: t('transactions.last_custom') },
        ]}
        period={period}
        from={from}
        to={to}
        minDate={minDate}
        maxDate={maxDate}
        errors={errors}
        fromLabel={t('transactions.from_label')}
        toLabel={t('transactions.to_label')}
      />
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
