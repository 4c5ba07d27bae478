'use client';

import { useEffect, useState } from 'react';
import type { MenuEntry } from '../../lib/menu-rules';

/**
 * The menu for the visitor: the guest menu the page was rendered with, or once a player is
 * logged in, the navigation call's answer with the login-only entries (spec §7). A failed call
 * keeps the guest menu.
 */
export function usePlayerMenu(loggedIn: boolean, guestMenu: MenuEntry[]): MenuEntry[] {
  const [playerMenu, setPlayerMenu] = useState<MenuEntry[] | null>(null);
  useEffect(() => {
    if (!loggedIn) {
      setPlayerMenu(null);
      return;
    }
    const controller = new AbortController();
    fetch('/api/navigation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ active: true, isAdmin: true }),
      signal: controller.signal,
    })
      .then((response) => response.json() as Promise<{ result?: number; data?: MenuEntry[]; player?: boolean }>)
      .then((answer) => {
        if (answer.result === 1 && answer.player && Array.isArray(answer.data)) setPlayerMenu(answer.data);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [loggedIn]);
  return loggedIn && playerMenu ? playerMenu : guestMenu;
}
