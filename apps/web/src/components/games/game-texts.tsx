'use client';

import { createContext, useContext } from 'react';
import { useLoggedIn } from '../layout/use-logged-in';
import { textsTranslator, type Texts, type Translate } from '../../lib/i18n';

const GameTextsContext = createContext<Translate>(textsTranslator({}));
const LoggedInContext = createContext(false);

/**
 * The tiles' texts, given once for a page's lists instead of to every tile, and whether a player is
 * logged in, asked once for all of them (a hundred tiles need not each watch the session cookie).
 */
export function GameTexts({ texts, children }: { texts: Texts; children: React.ReactNode }) {
  const loggedIn = useLoggedIn();
  return (
    <GameTextsContext.Provider value={textsTranslator(texts)}>
      <LoggedInContext.Provider value={loggedIn}>{children}</LoggedInContext.Provider>
    </GameTextsContext.Provider>
  );
}

export const useGameTexts = () => useContext(GameTextsContext);
/** Whether a player is logged in, for the tiles under GameTexts. */
export const useTilesLoggedIn = () => useContext(LoggedInContext);
