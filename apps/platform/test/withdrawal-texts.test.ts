import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAYOUT_BANKING_DAYS } from '../src/payments/withdrawals.js';

// The withdrawal receipt shows the platform's date (`expectedBy`: the request plus
// PAYOUT_BANKING_DAYS banking days) under "Senest på din NemKonto"; the text above it must promise
// the same, not a later day.
const payout = (
  JSON.parse(readFileSync(new URL('../src/content/seed/translations.json', import.meta.url), 'utf8')) as Record<
    string,
    Record<string, string>
  >
).payout!;

describe('the withdrawal receipt', () => {
  it('promises arrival by the date it shows: banking days counted from the request', () => {
    expect(payout.receipt_expected).toBe('Senest på din NemKonto');
    expect(payout.success_text).toMatch(new RegExp(`senest ${PAYOUT_BANKING_DAYS} hverdage efter din anmodning`));
    // No second wait added after processing, which would promise a later day than the receipt's.
    expect(payout.success_text).not.toMatch(/efter,? (vi har )?godkendt/);
    const processing = /inden for \d+-(\d+) hverdage/.exec(payout.processing_time!);
    expect(Number(processing?.[1])).toBeLessThanOrEqual(PAYOUT_BANKING_DAYS);
  });
});
