import { describe, expect, it } from 'vitest';
import { showsWelcomeOffer } from './player-profile';

describe('the welcome popup offers the welcome bonus only to a player who can get it', () => {
  it('offers it before the first deposit to a player who took the bonus at registration', () => {
    expect(showsWelcomeOffer({ playerType: 'Non-Depositor', welcomeBonusDeclined: false })).toBe(true);
  });

  it('does not offer it to a player who chose no bonus at registration, nor after a first deposit', () => {
    expect(showsWelcomeOffer({ playerType: 'Non-Depositor', welcomeBonusDeclined: true })).toBe(false);
    expect(showsWelcomeOffer({ playerType: 'Depositor', welcomeBonusDeclined: false })).toBe(false);
  });
});
