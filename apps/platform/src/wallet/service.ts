import type { Db } from '../db/client.js';
import { createAccounts } from './accounts.js';
import { createLedgerReports } from './reports.js';
import { createTransfers } from './transfers.js';

export {
  PLAYER_ACCOUNT_KINDS,
  SYSTEM_ACCOUNT_KINDS,
  providerGamesAccountKind,
  jackpotAccountKind,
  type JackpotAccountKind,
  type PlayerAccountKind,
  type ProviderGamesAccountKind,
  type SystemAccountKind,
} from './accounts.js';
export type { StakeRules } from './stakes.js';
export { createFigures, figuresCsv, isFigureDate, type FigureGrain, type FigureRow, type GameFigureRow } from './figures.js';
export { canonicalHash, MAX_ENTRIES, MAX_ENTRY_ORE, type TransferEntry, type TransferInput, type TransferResult } from './transfers.js';

/**
 * The ledger, one object for the other contexts: its accounts (accounts.ts), the one way money
 * moves (transfers.ts) and what it tells about money that moved (reports.ts).
 */
export function createWalletService(db: Db, clock: () => Date) {
  const { trackedness, ...accounts } = createAccounts(db, clock);
  const transfers = createTransfers(db, clock, { trackedness });
  const reports = createLedgerReports(db, clock, accounts);
  return { ...accounts, ...transfers, ...reports };
}

export type WalletService = ReturnType<typeof createWalletService>;
