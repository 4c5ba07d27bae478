import { Assets, Container, Graphics, Text, Texture, type Renderer } from 'pixi.js';
import { symbolArtHref } from '../../../../lib/symbol-art-href';

/**
 * The stage's assets, declared in one place: a title's symbol tiles (the same SVG pictures the
 * paytable shows, app/api/games/art/{id}/symbols/{i}.svg), rasterised once at the size the reels
 * need. A tile that cannot load is drawn from the symbol's name instead, so the game never shows a
 * hole; a blank symbol is an empty texture.
 */
export async function loadSymbolTextures(
  renderer: Renderer,
  gameId: string,
  symbols: readonly { name: string }[],
  colours: { background: number; primary: number },
): Promise<Texture[]> {
  const resolution = Math.min(2, Math.max(1, globalThis.devicePixelRatio || 1)) * 0.85;
  return Promise.all(
    symbols.map(async (symbol, index) => {
      if (symbol.name.toLowerCase() === 'blank') return Texture.EMPTY;
      try {
        return (await Assets.load({ src: symbolArtHref(gameId, index), data: { width: 200, height: 200, resolution } })) as Texture;
      } catch {
        return namedTexture(renderer, symbol.name, colours);
      }
    }),
  );
}

function namedTexture(renderer: Renderer, name: string, colours: { background: number; primary: number }): Texture {
  const tile = new Container();
  tile.addChild(
    new Graphics().roundRect(0, 0, 200, 200, 28).fill({ color: colours.background }).stroke({ width: 8, color: colours.primary }),
  );
  const text = new Text({
    text: name.charAt(0).toLocaleUpperCase('da-DK') + name.slice(1),
    style: {
      fontFamily: 'system-ui, sans-serif',
      fontWeight: '800',
      fontSize: 30,
      fill: 0xffffff,
      align: 'center',
      wordWrap: true,
      wordWrapWidth: 180,
    },
  });
  text.anchor.set(0.5);
  text.position.set(100, 100);
  tile.addChild(text);
  const texture = renderer.generateTexture({ target: tile, resolution: 1.5 });
  tile.destroy({ children: true });
  return texture;
}
