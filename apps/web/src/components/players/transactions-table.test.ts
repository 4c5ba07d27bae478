import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import type { TransactionRow } from '@/lib/transactions';
import { statusLabel, typeLabel } from './transactions-table';

const t = createTranslator(translations as unknown as Dictionary);
const row = (kind: string, type: TransactionRow['type'], status: TransactionRow['status']) => ({ kind, type, status }) as TransactionRow;

describe('the labels of a transaction row', () => {
  it('tells a bonus granted from a bonus wagered through and moved to cash', () => {
    expect([
      typeLabel(t, row('bonus_grant', 'bonus', 'transfer_bonus')),
      statusLabel(t, row('bonus_grant', 'bonus', 'transfer_bonus')),
    ]).toEqual(['Bonus', 'Overført bonus']);
    expect(typeLabel(t, row('bonus_convert', 'bonus', 'transfer_bonus'))).toBe('Omsat bonus');
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
