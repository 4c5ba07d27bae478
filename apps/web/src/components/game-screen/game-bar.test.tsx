import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { GameBar, LaunchProblem, ModeNote } from './game-bar';

const t = createTranslator(translations as unknown as Dictionary);

/** The shell's top that the slots' and the tables' screens share: the test ids and words the browser tests read. */
describe('GameBar', () => {
  const bar = (props: Partial<Parameters<typeof GameBar>[0]> = {}) =>
    renderToStaticMarkup(<GameBar name="Vikingernes Guld" lobbyPath="/spil" loginAt={null} netOre={null} t={t} {...props} />);

  it('shows the way back, the name, the clock and the net (a dash before the session opens)', () => {
    const html = bar();
    expect(html).toContain('data-testid="game-bar"');
    expect(html).toMatch(/<a class="[^"]*" data-testid="game-exit" href="\/spil">Tilbage til lobbyen<\/a>/);
    expect(html).toContain('<h1>Vikingernes Guld</h1>');
    expect(html).toContain('data-testid="header-clock"');
    expect(html).toContain('<dd data-testid="game-net">–</dd>');
    expect(html).not.toContain('game-login-time');
  });

  it('shows the studio, the page’s extra, the time since login and the signed net when it has them', () => {
    const html = bar({ studio: 'Krone Studio', loginAt: '2026-11-27T10:00:00.000Z', netOre: -2_550, extra: <span>heart</span> });
    expect(html).toContain('>Krone Studio</p>');
    expect(html).toContain('<span>heart</span>');
    expect(html).toContain('data-testid="game-login-time"');
    expect(html).toMatch(/data-testid="game-net">-25,50 kr\.<\/dd>/);
  });
});

describe('GameBar: a last round whose stake won a jackpot', () => {
  const bar = (lastRound?: { winOre: number; jackpotWinOre: number } | null) =>
    renderToStaticMarkup(<GameBar name="Vikingernes Guld" lobbyPath="/spil" loginAt={null} netOre={0} lastRound={lastRound} t={t} />);

  it('says the game’s win and the jackpot’s apart', () => {
    const html = bar({ winOre: 400, jackpotWinOre: 12_345_678 });
    expect(html).toContain('<dt>Sidste runde</dt>');
    expect(html).toContain(
      '<dd data-testid="game-last-round" data-win-ore="400" data-jackpot-ore="12345678">Spil 4 kr. · Jackpot 123.456,78 kr.</dd>',
    );
  });

  it('adds nothing when the round won no jackpot, or no round is given (the tables’ and the live screen’s bar)', () => {
    for (const lastRound of [{ winOre: 400, jackpotWinOre: 0 }, null, undefined]) expect(bar(lastRound)).not.toContain('game-last-round');
  });
});

describe('ModeNote', () => {
  it('offers play for money from a fun game, with login first for a guest', () => {
    const guest = renderToStaticMarkup(<ModeNote mode="fun" moneyPath="/m/g1" loggedIn={false} t={t} />);
    expect(guest).toContain('data-testid="game-play-for-money"');
    expect(guest).toContain(t('slot_machines.play_for_money_login'));
    const player = renderToStaticMarkup(<ModeNote mode="fun" moneyPath="/m/g1" loggedIn t={t} />);
    expect(player).toContain(t('slot_machines.play_for_money'));
    const real = renderToStaticMarkup(<ModeNote mode="real" moneyPath={null} loggedIn t={t} />);
    expect(real).toContain(t('slot_machines.real_money_note'));
    expect(real).not.toContain('game-play-for-money');
  });
});

describe('LaunchProblem', () => {
  const problem = (final: boolean, mode: 'fun' | 'real') =>
    renderToStaticMarkup(<LaunchProblem problem={{ message: 'Nej.', final }} mode={mode} funPath="/f/g1" onRetry={() => {}} t={t} />);

  it('says the refusal, offers a new try unless it is final, and the game for fun when money was refused', () => {
    const html = problem(false, 'real');
    expect(html).toContain('role="alert" data-testid="game-launch-error"');
    expect(html).toContain('<p>Nej.</p>');
    expect(html).toContain(t('slot_machines.play_again'));
    expect(html).toContain('href="/f/g1"');
    expect(problem(true, 'real')).not.toContain(t('slot_machines.play_again'));
    expect(problem(false, 'fun')).not.toContain('href="/f/g1"');
  });
});
