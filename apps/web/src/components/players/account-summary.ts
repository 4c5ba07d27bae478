'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { onSessionEnded, useLoggedIn } from '../layout/use-logged-in';
import type { AccountSummary } from '../../lib/platform-types';
import { createStore } from '../runtime/store';

export type SummaryState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; summary: AccountSummary } | { status: 'error' };

const NONE: SummaryState = Object.freeze({ status: 'none' });
export const summaryStore = createStore<SummaryState>(NONE);

let loading: Promise<void> | null = null;
let again = false;

/**
 * Loads the balances (POST /api/deposit/account-summary). Called on first use and after every
 * movement of money, so the header, the menu and the welcome block always agree. A call while
 * one runs loads once more after it, so the newest balance wins.
 */
export function refreshAccountSummary(): Promise<void> {
  if (loading) {
    again = true;
    return loading;
  }
  if (summaryStore.get().status !== 'ready') summaryStore.set({ status: 'loading' });
  loading = fetch('/api/deposit/account-summary', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
    cache: 'no-store',
  })
    .then((response) => response.json() as Promise<{ result?: number; data?: AccountSummary }>)
    .then((answer) => summaryStore.set(answer.result === 1 && answer.data ? { status: 'ready', summary: answer.data } : NONE))
    .catch(() => summaryStore.set({ status: 'error' }))
    .finally(() => {
      loading = null;
      if (again) {
        again = false;
        void refreshAccountSummary();
      }
    });
  return loading;
}

const forgetSummary = () => summaryStore.set(NONE);

/** The logged-in player's balances, loaded on first use; "none" for a guest. */
export function useAccountSummary(): SummaryState {
  const loggedIn = useLoggedIn();
  const state = useSyncExternalStore(summaryStore.subscribe, summaryStore.get, () => NONE);
  useEffect(() => {
    onSessionEnded(forgetSummary);
    if (loggedIn && summaryStore.get().status === 'none') void refreshAccountSummary();
  }, [loggedIn]);
  return loggedIn ? state : NONE;
}
