import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import type { TransactionRow } from '@/lib/transactions';
import { COLUMNS, statusLabel, TransactionsTable, typeLabel } from './transactions-table';

const t = createTranslator(translations as unknown as Dictionary);
const row = (kind: string, type: TransactionRow['type'], status: TransactionRow['status']) => ({ kind, type, status }) as TransactionRow;

describe('the labels of a transaction row', () => {
  it('tells a bonus granted from a bonus wagered through and moved to cash', () => {
    expect([
      typeLabel(t, row('bonus_grant', 'bonus', 'transfer_bonus')),
      statusLabel(t, row('bonus_grant', 'bonus', 'transfer_bonus')),
    ]).toEqual(['Bonus', 'Overført bonus']);
    expect(typeLabel(t, row('bonus_convert', 'bonus', 'transfer_bonus'))).toBe('Omsat bonus');
    expect(typeLabel(t, row('bonus_prize', 'bonus', 'transfer_bonus'))).toBe('Turneringspræmie');
  });

  it('names the spec’s bonus types beside the status: free rounds’ wins and bonus, a money bonus', () => {
    const typed = (kind: string, status: TransactionRow['status'], bonusType: TransactionRow['bonusType']) =>
      ({ kind, type: kind === 'win' ? 'win' : 'bonus', status, bonusType }) as TransactionRow;
    expect(statusLabel(t, typed('win', 'bonus_win', 'free'))).toBe('Bonusgevinst · Gratisspins');
    expect(statusLabel(t, typed('bonus_convert', 'transfer_bonus', 'free'))).toBe('Overført bonus · Gratisspins');
    expect(statusLabel(t, typed('bonus_grant', 'transfer_bonus', 'money'))).toBe('Overført bonus · Bonuspenge');
    expect(statusLabel(t, typed('win', 'completed', null))).toBe('Gennemført');
  });

  it('labels the other kinds by their type, in Danish', () => {
    expect(typeLabel(t, row('bet', 'bet', 'completed'))).toBe('Indsats');
    expect(typeLabel(t, row('deposit', 'deposit', 'initiated'))).toBe('Indbetaling');
    expect(typeLabel(t, row('bonus_forfeit', 'other', 'completed'))).toBe('Anden postering');
  });

  it('names a cancelled withdrawal "Annulleret", as the withdrawal page does', () => {
    const payout = (translations as unknown as Record<string, Record<string, string>>).payout!;
    expect(statusLabel(t, row('withdrawal', 'withdrawal', 'reversed'))).toBe('Annulleret');
    expect(statusLabel(t, row('withdrawal', 'withdrawal', 'reversed'))).toBe(payout.status_cancelled);
    expect(statusLabel(t, row('bet', 'bet', 'reversed'))).toBe('Tilbageført');
  });
});

describe('a jackpot hit in the transactions (issue 26)', () => {
  const hit = {
    orderId: 'round-1',
    transactionId: '3f0c6a52-0000-4000-8000-000000000001',
    time: '2026-11-27T12:00:00.000Z',
    type: 'win',
    category: 'games',
    kind: 'jackpot_win',
    game: { id: 'vikingernes-guld', name: 'Vikingernes Guld' },
    roundId: 'round-1',
    stakeOre: null,
    winOre: 2_345_600,
    amountOre: 2_345_600,
    method: null,
    status: 'completed',
  } as unknown as TransactionRow;
  const render = (columns: (typeof COLUMNS)['alle']) =>
    renderToStaticMarkup(createElement(TransactionsTable, { rows: [hit], columns, t, caption: 'x' }));

  it('is labelled "Jackpotgevinst", apart from a game’s win', () => {
    expect(typeLabel(t, row('jackpot_win', 'win', 'completed'))).toBe('Jackpotgevinst');
    expect(typeLabel(t, row('win', 'win', 'completed'))).toBe('Gevinst');
    const all = render(COLUMNS.alle);
    expect(all).toContain('>Jackpotgevinst</td>');
    expect(all).not.toContain('data-testid="transaction-jackpot-win"');
  });

  it('is named under its game on the games tab, which has no type column', () => {
    const games = render(COLUMNS.spil);
    expect(games).toMatch(/Vikingernes Guld<small[^>]*data-testid="transaction-jackpot-win">Jackpotgevinst<\/small>/);
    expect(games).toContain('23.456 kr.');
  });
});
