'use client';

import { usePathname } from 'next/navigation';
import { Suspense, useEffect, type ReactNode } from 'react';
import type { MarketingPopupContent, MarketingSettings } from '../../lib/marketing-rules';
import { PlayerPopups } from '../players/player-popups';
import { createChunkReloadGuard, installChunkReloadGuard } from './chunk-reload';
import { browserCacheCleanupDeps, clearCachesAndServiceWorkers } from './clear-caches';
import { ConsentManager } from './consent-manager';
import { isFullPageLoadRequired } from './deployment';
import { startLoadingBar } from './loading-bar';
import { LoadingBar } from './loading-bar-view';
import { installLinkNavigation } from './link-navigation';
import { NetworkMonitor } from './network-lost-modal';
import { NewVersionNotice } from './new-version-notice';
import { SessionMonitor } from './session-monitor';
import { text } from './text-keys';
import { useInteractionTracking } from './use-interacted';
import { ScreenSizeProvider, useScreenSizeTracking } from './use-screen-size';

export interface ClientRuntimeProps {
  /** Translations of RUNTIME_TEXT_KEYS, keyed by the full key. */
  texts: Record<string, string>;
  /** A GTM container id ("GTM-XXXXXX"); null or empty loads no tag manager. */
  tagManagerId: string | null;
  /** The marketing-acceptance popup's content and settings (spec §4). */
  marketing: { popup: MarketingPopupContent; settings: MarketingSettings };
  /** Optional: wrapped in ScreenSizeProvider. useScreenSize() works without it too. */
  children?: ReactNode;
}

/**
 * The storefront's client behaviours of spec §2 and §4, mounted once in the root layout:
 * connectivity and the network modal, screen size, interaction, new-deployment detection,
 * the chunk-load reload guard, cache and service-worker cleanup, the consent banner and tag
 * manager, the loading bar and the full reload when going home.
 */
export function ClientRuntime({ texts, tagManagerId, marketing, children }: ClientRuntimeProps) {
  const pathname = usePathname();
  useScreenSizeTracking();
  useInteractionTracking(pathname);

  useEffect(() => {
    void clearCachesAndServiceWorkers(browserCacheCleanupDeps(window));
    // Mounted last in the layout: every earlier client part has hydrated. Tests and
    // monitoring read this to know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(
    () =>
      installChunkReloadGuard(window, createChunkReloadGuard({ storage: sessionStorageOrNull(), reload: () => window.location.reload() })),
    [],
  );

  useEffect(
    () =>
      installLinkNavigation({
        events: window,
        location: window.location,
        isFullLoadRequired: isFullPageLoadRequired,
        onClientNavigation: startLoadingBar,
      }),
    [],
  );

  return (
    <ScreenSizeProvider>
      {children}
      <Suspense fallback={null}>
        <LoadingBar label={text(texts, 'btn.loading')} />
      </Suspense>
      <NetworkMonitor texts={texts} />
      <SessionMonitor texts={texts} />
      <PlayerPopups texts={texts} popup={marketing.popup} settings={marketing.settings} />
      <NewVersionNotice texts={texts} />
      <ConsentManager texts={texts} tagManagerId={tagManagerId} />
    </ScreenSizeProvider>
  );
}

function sessionStorageOrNull(): Storage | null {
  try {
    // Reading the property itself throws where storage is blocked.
    return window.sessionStorage;
  } catch {
    return null;
  }
}
