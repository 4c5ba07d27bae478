import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { forfeitOfRefusal, stepAfterAmount } from './bonus-forfeit';

const payout = translations.payout as Record<string, string>;

describe('the withdrawal while a bonus is open', () => {
  it('goes through the warning step naming the bonus balance forfeited, only when there is bonus money to lose', () => {
    const expiresAt = '2027-01-26T06:00:00.000Z';
    expect(stepAfterAmount({ bonusOre: 100_000, freeRoundsLeft: 0, expiresAt })).toEqual({
      step: 'forfeit',
      bonusOre: 100_000,
      freeRoundsLeft: 0,
    });
    expect(stepAfterAmount({ bonusOre: 0, freeRoundsLeft: 0, expiresAt })).toEqual({ step: 'confirm', bonusOre: 0, freeRoundsLeft: 0 });
    expect(stepAfterAmount(null)).toEqual({ step: 'confirm', bonusOre: 0, freeRoundsLeft: 0 });
    // Free rounds still to play are lost too: warned of, even with no bonus money yet.
    expect(stepAfterAmount({ bonusOre: 0, freeRoundsLeft: 480, expiresAt })).toEqual({ step: 'forfeit', bonusOre: 0, freeRoundsLeft: 480 });
    expect(payout.forfeit_free_rounds).toContain('{count}');
  });

  it('turns the platform’s refusal for an open bonus into the warning step with its amount, and nothing else', () => {
    expect(forfeitOfRefusal({ code: 'WITHDRAWAL_FORFEITS_BONUS', bonusOre: 25_050 })).toEqual({ bonusOre: 25_050, freeRoundsLeft: 0 });
    expect(forfeitOfRefusal({ code: 'WITHDRAWAL_FORFEITS_BONUS', bonusOre: 0, freeRoundsLeft: 12 })).toEqual({
      bonusOre: 0,
      freeRoundsLeft: 12,
    });
    expect(forfeitOfRefusal({ code: 'WITHDRAWAL_FORFEITS_BONUS' })).toEqual({ bonusOre: 0, freeRoundsLeft: 0 });
    expect(forfeitOfRefusal({ code: 'WITHDRAWAL_EXCEEDS_BALANCE', bonusOre: 25_050 })).toBeNull();
    expect(forfeitOfRefusal({})).toBeNull();
  });

  it('warns in Danish, naming the amount forfeited, that the player’s own money is untouched and that cancelling keeps the bonus', () => {
    expect(payout.forfeit_text).toContain('{amount}');
    expect(payout.forfeit_text).toMatch(/bortfalder bonussen/);
    expect(payout.forfeit_own_money).toMatch(/Dine egne penge berøres ikke/);
    expect(payout.forfeit_cancel).toBe('Annuller og behold bonussen');
    expect(payout.forfeit_confirm).toBe('Udbetal og opgiv bonussen');
    expect(payout.forfeit_kept).toMatch(/du har stadig din bonus/);
    // The old promise that a withdrawal leaves the bonus as it is, is gone.
    expect(payout.bonus_warning).not.toMatch(/påvirker ikke bonussen/);
  });
});
