'use client';

import { createContext, useContext } from 'react';
import { textsTranslator, type Texts, type Translate } from '@/lib/i18n';

const GameTextsContext = createContext<Translate>(textsTranslator({}));

/** The tiles' texts, given once for a page's lists instead of to every tile. */
export function GameTexts({ texts, children }: { texts: Texts; children: React.ReactNode }) {
  return <GameTextsContext.Provider value={textsTranslator(texts)}>{children}</GameTextsContext.Provider>;
}

export const useGameTexts = () => useContext(GameTextsContext);
