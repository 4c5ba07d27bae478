import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { costUnits, parseConfig, type GameConfig } from '@krone/games-math';

/** What the studio needs of a title (`packages/games-math/titles/<id>.json`, through `@krone/games-math/titles`). */
export interface StudioTitle {
  id: string;
  name: string;
  volatility: string;
  stake: { minOre: number; maxOre: number; stepsOre: number[]; defaultOre: number };
  maths: GameConfig;
  exact: { rtp: number; hitFrequency: number; largestWin: number; standardDeviation: number };
  mathsHash: string;
}

export type TitleById = (id: string) => StudioTitle | undefined;

const titlesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../packages/games-math/titles');

/** Stakes for a title file without its own (the early example files): 1, 2, 5, 10, 20, 50 kr. on its cost steps. */
function derivedStake(maths: GameConfig): StudioTitle['stake'] {
  const stepsOre = [100, 200, 500, 1000, 2000, 5000].filter((ore) => ore % costUnits(maths) === 0);
  return { minOre: stepsOre[0]!, maxOre: stepsOre.at(-1)!, stepsOre, defaultOre: stepsOre[1] ?? stepsOre[0]! };
}

function volatilityOf(standardDeviation: number): string {
  if (standardDeviation < 4) return 'low';
  if (standardDeviation < 8) return 'medium';
  if (standardDeviation < 15) return 'high';
  return 'very-high';
}

/** The title files read directly: the stand-in until the games-math loader is there. */
function readTitleFiles(): Map<string, StudioTitle> {
  const titles = new Map<string, StudioTitle>();
  for (const file of readdirSync(titlesDir).filter((name) => name.endsWith('.json'))) {
    const json = JSON.parse(readFileSync(path.join(titlesDir, file), 'utf8')) as Record<string, unknown> & { exact: StudioTitle['exact'] };
    const maths = parseConfig(json.maths);
    titles.set(json.id as string, {
      id: json.id as string,
      name: json.name as string,
      volatility: (json.volatility as string | undefined) ?? volatilityOf(json.exact.standardDeviation),
      stake: (json.stake as StudioTitle['stake'] | undefined) ?? derivedStake(maths),
      maths,
      exact: json.exact,
      mathsHash: json.mathsHash as string,
    });
  }
  return titles;
}

/**
 * The catalogue of titles, from `@krone/games-math/titles` (`titleById`, parsed, validated and
 * cached by the package), or from the title files themselves where that loader is missing.
 */
export async function loadTitleCatalogue(): Promise<TitleById> {
  const loader = '@krone/games-math/titles';
  try {
    const titles = (await import(loader)) as { titleById: (id: string) => StudioTitle | undefined };
    return (id) => titles.titleById(id);
  } catch {
    const titles = readTitleFiles();
    return (id) => titles.get(id);
  }
}
