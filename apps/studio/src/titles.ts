import { tableTitleById, type TableTitle, type Title } from '@krone/games-math';
import { loadTitles, titleById } from '@krone/games-math/titles';

/** A slot title: `packages/games-math/titles/<id>.json`, parsed and validated by games-math. */
export type SlotTitle = Title;
/** A title as the studio serves it: a slot, or a table game (`TABLE_TITLES` of games-math: code, with proven returns). */
export type StudioTitle = SlotTitle | TableTitle;

export type TitleById = (id: string) => StudioTitle | undefined;

/** Whether a title is a table game (it has a `kind`; a slot has its maths). */
export const isTableTitle = (title: StudioTitle): title is TableTitle => 'kind' in title;

/** The stake a session answers: a slot's steps, or a table's choices (roulette: its chips; the maximum a spin's total). */
export function stakeOf(title: StudioTitle) {
  if (!isTableTitle(title)) return title.stake;
  const { stepsOre, defaultOre, minOre, maxRoundOre } = title.stake;
  return {
    minOre,
    maxOre: title.kind === 'roulette' ? maxRoundOre : stepsOre[stepsOre.length - 1]!,
    stepsOre: [...stepsOre],
    defaultOre,
  };
}

/**
 * The catalogue of titles (`@krone/games-math/titles`: every file read, validated and cached once
 * per process), and the table titles. Loaded at start, so a broken title file stops the studio with
 * its name rather than failing a player's session later.
 */
export async function loadTitleCatalogue(): Promise<TitleById> {
  loadTitles();
  return (id) => titleById(id) ?? tableTitleById(id);
}
