import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { JackpotNote } from './jackpot-note';

const t = createTranslator(translations as unknown as Dictionary);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the jackpot note (the hit in the page’s words)', () => {
  it('names the pool and the amount, and carries the amount for the browser tests', () => {
    const html = renderToStaticMarkup(
      <JackpotNote wins={[{ poolId: 'kronejackpotten', poolName: 'Kronejackpotten', amountOre: 12_345_678 }]} t={t} />,
    );
    expect(html).toContain('data-testid="game-jackpot" data-jackpot-ore="12345678"');
    expect(text(html)).toBe('JACKPOT! Du har vundet Kronejackpotten – 123.456,78 kr. er sat ind på din saldo oven i spillets gevinst.');
  });
});
