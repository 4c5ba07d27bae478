'use client';

import { createContext, useContext } from 'react';

const TextsContext = createContext<Record<string, string>>({});

/** The few translated strings client-only screens need (error page, modals), picked by the layout. */
export function TextsProvider({ texts, children }: { texts: Record<string, string>; children: React.ReactNode }) {
  return <TextsContext.Provider value={texts}>{children}</TextsContext.Provider>;
}

export const useTexts = () => useContext(TextsContext);
