import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import translations from '../../../../platform/src/content/seed/translations.json';
import { createTranslator, type Dictionary } from '../../lib/i18n';
import { resetFavourites } from '../games/favourites-store';
import { FavouriteButton, pressFavourite, type FavouriteTexts } from '../games/favourite-heart';
import { GameFavourite } from './game-favourite';

const t = createTranslator(translations as unknown as Dictionary);
const game = 'Vikingernes Guld';
const texts: FavouriteTexts = {
  label: t('slot_machines.favourite_label', { game }),
  added: t('slot_machines.added_favourite', { game }),
  removed: t('slot_machines.removed_favourite', { game }),
  error: t('slot_machines.favourite_error'),
};

const render = (props: Partial<Parameters<typeof FavouriteButton>[0]>) =>
  renderToStaticMarkup(
    <FavouriteButton testId="game-favourite" on={false} ready texts={texts} message="" onToggle={() => {}} {...props} />,
  );

describe("the game's favourite heart", () => {
  it('is a named toggle button that tells whether the game is a favourite', () => {
    expect(render({ on: false })).toContain('aria-pressed="false" aria-label="Gem Vikingernes Guld som favorit"');
    expect(render({ on: true })).toContain('aria-pressed="true"');
    expect(render({})).toContain('data-testid="game-favourite"');
    expect(render({})).not.toContain('disabled');
  });

  it("waits, disabled and not pressed, until the player's favourites are known", () => {
    expect(render({ ready: false })).toContain('disabled=""');
    const first = renderToStaticMarkup(<GameFavourite gameId="vikingernes-guld" texts={texts} />);
    expect(first).toContain('aria-pressed="false"');
    expect(first).toContain('disabled=""');
  });

  it('reads out what happened', () => {
    expect(render({ message: texts.added })).toContain('role="status">Vikingernes Guld er tilføjet til dine favoritter.</span>');
  });

  describe('pressed', () => {
    const fetchMock = vi.fn<typeof fetch>();
    beforeEach(() => {
      resetFavourites();
      fetchMock.mockReset();
      vi.stubGlobal('fetch', fetchMock);
    });
    afterEach(() => vi.unstubAllGlobals());

    const sent = () => JSON.parse(String(fetchMock.mock.calls[0]![1]!.body)) as unknown;

    it('adds the game to the favourites through the storefront route and says so', async () => {
      fetchMock.mockResolvedValue(new Response('{"result":1}', { status: 200 }));
      expect(await pressFavourite('vikingernes-guld', false, texts)).toBe('Vikingernes Guld er tilføjet til dine favoritter.');
      expect(fetchMock.mock.calls[0]![0]).toBe('/api/games/favourites');
      expect(fetchMock.mock.calls[0]![1]!.method).toBe('POST');
      expect(sent()).toEqual({ gameId: 'vikingernes-guld', favourite: true });
    });

    it('removes a favourite and says so', async () => {
      fetchMock.mockResolvedValue(new Response('{"result":1}', { status: 200 }));
      expect(await pressFavourite('vikingernes-guld', true, texts)).toBe('Vikingernes Guld er fjernet fra dine favoritter.');
      expect(sent()).toEqual({ gameId: 'vikingernes-guld', favourite: false });
    });

    it('tells the player in Danish when the favourite could not be saved', async () => {
      fetchMock.mockResolvedValue(new Response('{"result":0}', { status: 502 }));
      expect(await pressFavourite('vikingernes-guld', false, texts)).toBe('Favoritten kunne ikke gemmes. Prøv igen.');
    });
  });
});
