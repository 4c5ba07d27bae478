import { useMemo } from 'react';
import type { Translate } from '@/lib/i18n';
import { explainRound } from '@/lib/slot-screen';
import { symbolArtHref } from '@/lib/symbol-art-href';
import type { GameRules, StudioRound } from '@/lib/studio-schemas';
import styles from './game-screen.module.css';
import { explainJackpotWins } from './jackpot-words';

/**
 * The last round in words (lib/slot-screen.ts explainRound): each win, largest first, with its
 * symbol's picture beside it (decorative: the words name the symbol), the free spins, and the
 * round's win against its stake; then a jackpot its stake won, apart from the game's win, and the
 * round in all (jackpot-words.ts).
 */
export function RoundWords({ round, rules, t }: { round: StudioRound; rules: GameRules; t: Translate }) {
  const lines = useMemo(() => [...explainRound(round, rules, t), ...explainJackpotWins(round, t)], [round, rules, t]);
  // The words come largest win first, as here.
  const symbols = useMemo(() => [...round.outcome.wins].sort((a, b) => b.winOre - a.winOre).map((win) => win.symbol), [round]);
  return (
    <ul className={styles.explanation}>
      {lines.map((line, index) => (
        <li key={index}>
          {symbols[index] !== undefined ? (
            // eslint-disable-next-line @next/next/no-img-element
            <img className={styles.lineArt} src={symbolArtHref(rules.gameId, symbols[index])} alt="" width={22} height={22} />
          ) : null}
          {line}
        </li>
      ))}
    </ul>
  );
}
