'use client';

import { useEffect, useSyncExternalStore } from 'react';
import type { PlatformProfile } from '../../lib/platform-types';
import { onSessionEnded, useLoggedIn } from '../layout/use-logged-in';
import { createStore } from '../runtime/store';

/** The fields of userInfo (spec §3) the browser shows; the rest stays on the server. */
export type PlayerProfile = Pick<
  PlatformProfile['userInfo'],
  'userId' | 'firstName' | 'lastName' | 'email' | 'emailNotify' | 'smsNotify' | 'lastLogin' | 'previousLogin' | 'marketingNotificationDay'
> &
  Pick<PlatformProfile, 'playerType'> & {
    /** The player chose "no bonus" at registration: the welcome offer (VELKOMST100) is refused to them. */
    welcomeBonusDeclined: boolean;
  };

/**
 * Whether the welcome popup offers the welcome bonus: only to a player who has not deposited yet
 * (the code is for the first deposit) and did not decline it at registration (Danish marketing
 * rules: an offer shown must be one the player can get).
 */
export const showsWelcomeOffer = (profile: Pick<PlayerProfile, 'playerType' | 'welcomeBonusDeclined'>) =>
  profile.playerType !== 'Depositor' && !profile.welcomeBonusDeclined;

export type ProfileState = { status: 'guest' } | { status: 'loading' } | { status: 'ready'; profile: PlayerProfile } | { status: 'error' };

/**
 * One profile for the whole page (header, welcome block, popups), loaded once per login through
 * the user-profile call and dropped when the session ends (spec §4 "menu and profile reset").
 */
const GUEST: ProfileState = Object.freeze({ status: 'guest' });
export const profileStore = createStore<ProfileState>(GUEST);

let loading: Promise<void> | null = null;

export function loadPlayerProfile(fetcher: typeof fetch = fetch): Promise<void> {
  if (loading) return loading;
  profileStore.set({ status: 'loading' });
  loading = fetcher('/api/user/user-profile', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    .then(
      (response) =>
        response.json() as Promise<{
          result?: number;
          data?: {
            userInfo: Omit<PlayerProfile, 'playerType' | 'welcomeBonusDeclined'>;
            playerType: string;
            welcomeBonusDeclined?: boolean;
          };
        }>,
    )
    .then((answer) => {
      if (answer.result === 1 && answer.data) {
        const { userInfo, playerType, welcomeBonusDeclined } = answer.data;
        profileStore.set({
          status: 'ready',
          profile: {
            userId: userInfo.userId,
            firstName: userInfo.firstName,
            lastName: userInfo.lastName,
            email: userInfo.email,
            emailNotify: userInfo.emailNotify,
            smsNotify: userInfo.smsNotify,
            lastLogin: userInfo.lastLogin,
            previousLogin: userInfo.previousLogin,
            marketingNotificationDay: userInfo.marketingNotificationDay,
            playerType,
            welcomeBonusDeclined: welcomeBonusDeclined === true,
          },
        });
      } else {
        // No session any more (result 0, no-session): the player is a guest again.
        profileStore.set(GUEST);
      }
    })
    .catch(() => profileStore.set({ status: 'error' }))
    .finally(() => {
      loading = null;
    });
  return loading;
}

export function resetPlayerProfile() {
  profileStore.set(GUEST);
}

/** Changes a few fields after the player saved them (notify flags, marketing answer). */
export function patchPlayerProfile(patch: Partial<PlayerProfile>) {
  const state = profileStore.get();
  if (state.status === 'ready') profileStore.set({ status: 'ready', profile: { ...state.profile, ...patch } });
}

/** The logged-in player's profile, loading it on first use; guests get status "guest". */
export function usePlayerProfile(): ProfileState {
  const loggedIn = useLoggedIn();
  const state = useSyncExternalStore(profileStore.subscribe, profileStore.get, () => GUEST);
  useEffect(() => {
    // The profile goes when the session does. Only a real change of the cookies resets it: a
    // component hydrating with the server's "guest" view for a moment must not.
    onSessionEnded(resetPlayerProfile);
    if (loggedIn && profileStore.get().status === 'guest') void loadPlayerProfile();
  }, [loggedIn]);
  return loggedIn ? state : GUEST;
}
