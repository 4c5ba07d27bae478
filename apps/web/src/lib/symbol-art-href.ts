/**
 * Where a title's symbol artwork is served: one SVG per symbol, composed on the server from the
 * title's theme and the symbol's icon (lib/symbol-art/, app/api/games/art/[id]/symbols/[file]).
 * The picture follows from the title alone; the address carries the drawing's version, so a browser
 * keeps it a year. Client-safe: no icon data here.
 */
export const SYMBOL_ART_VERSION = 1;

export const symbolArtHref = (gameId: string, index: number) =>
  `/api/games/art/${encodeURIComponent(gameId)}/symbols/${index}.svg?v=${SYMBOL_ART_VERSION}`;
