import { DEPOSIT_LIMIT_LOOK_BACK_DAYS } from '@krone/domain';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { LIMITS_TEXT_KEYS } from './text-keys';

const limitations = (translations as unknown as Record<string, Record<string, string>>).limitations!;

describe('the limits page explains the limits as the platform counts them', () => {
  it('says each limit is a rolling period: the day limit the last 24 hours, the week, month and year their days', () => {
    expect(LIMITS_TEXT_KEYS).toContain('limitations.lookback_info');
    const info = limitations.lookback_info!;
    expect(DEPOSIT_LIMIT_LOOK_BACK_DAYS.day).toBe(1);
    expect(info).toMatch(/dagsgrænsen[^.,]* seneste 24 timer/i);
    expect(info).toMatch(new RegExp(`ugegrænsen[^.,]* seneste ${DEPOSIT_LIMIT_LOOK_BACK_DAYS.week} dage`, 'i'));
    expect(info).toMatch(new RegExp(`månedsgrænsen[^.,]* seneste ${DEPOSIT_LIMIT_LOOK_BACK_DAYS.month} dage`, 'i'));
    expect(info).toMatch(new RegExp(`årsgrænsen[^.,]* seneste ${DEPOSIT_LIMIT_LOOK_BACK_DAYS.year} dage`, 'i'));
  });
});
