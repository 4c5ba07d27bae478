import type { Title } from '@krone/games-math';
import { loadTitles, titleById } from '@krone/games-math/titles';

/** A title as the studio serves it: `packages/games-math/titles/<id>.json`, parsed and validated by games-math. */
export type StudioTitle = Title;

export type TitleById = (id: string) => StudioTitle | undefined;

/**
 * The catalogue of titles (`@krone/games-math/titles`: every file read, validated and cached once
 * per process). Loaded at start, so a broken title file stops the studio with its name rather than
 * failing a player's session later.
 */
export async function loadTitleCatalogue(): Promise<TitleById> {
  loadTitles();
  return titleById;
}
