'use client';

import { useState } from 'react';
import { HISTORY_PATH } from '@/lib/games-query';
import { textsTranslator } from '@/lib/i18n';
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
  const [chosen, setChosen] = useState(period);
  const t = textsTranslator(texts);
  return (
    <form className={own.filter} method="get" action={HISTORY_PATH} data-testid="game-history-filter">
      <div className={styles.field}>
        <label htmlFor="history-period">{t('transactions.filter_period')}</label>
        <select id="history-period" name="periode" value={chosen} onChange={(event) => setChosen(event.target.value)}>
          <option value="24t">{t('transactions.last_24_hours')}</option>
          <option value="7d">{t('transactions.last_7_days')}</option>
          <option value="30d">{t('transactions.last_30_days')}</option>
          <option value="90d">{t('games.history_last_90_days')}</option>
          <option value="valgt">{t('transactions.last_custom')}</option>
        </select>
      </div>
      {chosen === 'valgt' ? (
        <>
          <DateField
            id="history-from"
            name="fra"
            label={t('transactions.from_label')}
            value={from}
            min={minDate}
            max={maxDate}
            error={errors.from}
            required
          />
          <DateField
            id="history-to"
            name="til"
            label={t('transactions.to_label')}
            value={to}
            min={minDate}
            max={maxDate}
            error={errors.to}
          />
        </>
      ) : null}
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

function DateField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  min: string;
  max: string;
  error?: string;
  required?: boolean;
}) {
  const errorId = `${props.id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type="date"
        name={props.name}
        defaultValue={props.value}
        min={props.min}
        max={props.max}
        required={props.required}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <p id={errorId} className={styles.fieldError} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
