import { formatDateTimeDa, formatKr } from '@krone/domain';
import type { Translate } from '@/lib/i18n';
import type { TransactionRow } from '@/lib/transactions';
import own from './transactions.module.css';

export type Column = 'time' | 'type' | 'order' | 'transaction' | 'game' | 'stake' | 'win' | 'amount' | 'method' | 'status';

/** The columns of each tab: spec §3's for games, amount, type and method for payments. */
export const COLUMNS: Record<'alle' | 'betalinger' | 'spil' | 'bonus', Column[]> = {
  alle: ['time', 'type', 'order', 'transaction', 'game', 'stake', 'win', 'amount', 'status'],
  betalinger: ['time', 'type', 'order', 'transaction', 'method', 'amount', 'status'],
  spil: ['time', 'order', 'transaction', 'game', 'stake', 'win', 'status'],
  bonus: ['time', 'type', 'order', 'transaction', 'amount', 'status'],
};

const HEADINGS: Record<Column, string> = {
  time: 'transactions.col_time',
  type: 'transactions.col_type',
  order: 'transactions.col_order_id',
  transaction: 'transactions.col_transaction_id',
  game: 'transactions.col_games',
  stake: 'transactions.col_stake',
  win: 'transactions.col_win',
  amount: 'transactions.col_amount',
  method: 'transactions.col_method',
  status: 'transactions.col_status',
};

const TYPE_KEYS: Record<TransactionRow['type'], string> = {
  deposit: 'transactions.type_deposit',
  withdrawal: 'transactions.type_withdrawal',
  bet: 'transactions.type_bet',
  win: 'transactions.type_win',
  bonus: 'transactions.type_bonus',
  other: 'transactions.type_other',
};

const STATUS_KEYS: Record<TransactionRow['status'], string> = {
  completed: 'transactions.status_completed',
  reversed: 'transactions.status_reversed',
  initiated: 'transactions.status_initiated',
  cancelled_bonus: 'transactions.status_cancelled_bonus',
  transfer_bonus: 'transactions.status_transfer_bonus',
  bonus_win: 'transactions.status_bonus_win',
};

const METHOD_KEYS: Record<string, string> = {
  card: 'transactions.method_card',
  mobilepay: 'transactions.method_mobilepay',
  nemkonto: 'transactions.method_nemkonto',
};

/** Ids are UUIDs: the first eight characters tell them apart for a person, the title has all. */
export const shortId = (id: string) => (/^[0-9a-f]{8}-[0-9a-f-]{27}$/i.test(id) ? id.slice(0, 8).toUpperCase() : id.slice(0, 24));

/**
 * Kinds with a label of their own within their type: a bonus wagered through and moved to cash; a
 * tournament's prize (issue 27), a bonus paid as cash; a jackpot hit (issue 26), paid from its pool
 * apart from the game's win.
 */
const KIND_KEYS: Record<string, string> = {
  bonus_convert: 'transactions.type_bonus_convert',
  bonus_prize: 'transactions.type_bonus_prize',
  jackpot_win: 'transactions.type_jackpot_win',
};

export const typeLabel = (t: Translate, row: TransactionRow) => t(KIND_KEYS[row.kind] ?? TYPE_KEYS[row.type]);
/**
 * A withdrawal the player cancelled (its money back on the game account) reads "Annulleret", as
 * on the withdrawal page; other reversed rows (a voided stake, a refunded payment) "Tilbageført".
 */
export const statusLabel = (t: Translate, row: TransactionRow) => {
  const status = t(row.type === 'withdrawal' && row.status === 'reversed' ? 'transactions.status_cancelled' : STATUS_KEYS[row.status]);
  // Spec §3's bonus types beside the status: "Bonusgevinst · Gratisspins", "Overført bonus · Bonuspenge".
  return row.bonusType ? `${status} · ${t(`transactions.bonus_type_${row.bonusType}`)}` : status;
};
const dash = '–';

/** A jackpot hit in a list without the type column (the games tab) is named under its game. */
const isJackpotWin = (row: TransactionRow) => row.kind === 'jackpot_win';

function cell(t: Translate, row: TransactionRow, column: Column, columns: readonly Column[]) {
  switch (column) {
    case 'time':
      return <time dateTime={row.time}>{formatDateTimeDa(row.time)}</time>;
    case 'type':
      return typeLabel(t, row);
    case 'order':
      return <span title={row.orderId}>{shortId(row.orderId)}</span>;
    case 'transaction':
      return row.transactionId ? <span title={row.transactionId}>{shortId(row.transactionId)}</span> : dash;
    case 'game':
      if (isJackpotWin(row) && !columns.includes('type'))
        return (
          <>
            {row.game?.name ?? dash}
            <small className={own.roundNote} data-testid="transaction-jackpot-win">
              {t('transactions.type_jackpot_win')}
            </small>
          </>
        );
      return row.game?.name ?? dash;
    case 'stake':
      return row.stakeOre === null ? dash : formatKr(row.stakeOre);
    case 'win':
      return row.winOre === null ? dash : formatKr(row.winOre);
    case 'amount':
      return formatKr(row.amountOre);
    case 'method':
      return row.method ? (METHOD_KEYS[row.method] ? t(METHOD_KEYS[row.method]!) : row.method) : dash;
    case 'status':
      return <span className={`${own.status} ${own[row.status] ?? ''}`}>{statusLabel(t, row)}</span>;
  }
}

const NUMERIC: Column[] = ['stake', 'win', 'amount'];

/**
 * The transaction list: a table on wide screens, a card per transaction on a phone (below 768
 * px), from one markup: each cell carries its column's name for the card layout.
 */
export function TransactionsTable({
  rows,
  columns,
  t,
  caption,
}: {
  rows: TransactionRow[];
  columns: Column[];
  t: Translate;
  caption: string;
}) {
  return (
    <table className={own.table} data-testid="transactions-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={NUMERIC.includes(column) ? own.numeric : undefined}>
              {t(HEADINGS[column])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.transactionId ?? 'p'}:${row.orderId}`} data-testid="transaction-row" data-status={row.status}>
            {columns.map((column) => {
              const content = cell(t, row, column, columns);
              // On a phone a card leaves out the fields the row has nothing in.
              const classes = [NUMERIC.includes(column) ? own.numeric : '', content === dash ? own.blank : ''].filter(Boolean).join(' ');
              return (
                <td key={column} data-label={t(HEADINGS[column])} className={classes || undefined}>
                  {content}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
