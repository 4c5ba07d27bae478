'use client';

import { useEffect } from 'react';
import { buildConsentConfig, CONSENT_BANNER_DELAY_MS, readStoredConsent } from './consent';
import { configureConsentBanner, runConsentBanner } from './consent-banner';
import { injectTagManager, type TagManagerWindow } from './tag-manager';

/**
 * The self-hosted consent banner, 10 s after load unless the player already chose (spec §7, §9),
 * and the tag manager, only with an id configured and consent to analytics.
 */
export function ConsentManager({ texts, tagManagerId }: { texts: Record<string, string>; tagManagerId: string | null }) {
  useEffect(() => {
    const loadTagManager = (categories: string[]) => {
      if (tagManagerId && categories.includes('analytics')) injectTagManager(document, window as TagManagerWindow, tagManagerId);
    };
    configureConsentBanner(buildConsentConfig(texts, { onConsent: loadTagManager }));

    const stored = readStoredConsent(document.cookie);
    if (stored) {
      loadTagManager(stored.categories);
      return;
    }

    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        runConsentBanner().catch((error: unknown) => console.error('consent banner failed to load', error));
      }, CONSENT_BANNER_DELAY_MS);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      clearTimeout(timer);
    };
  }, [texts, tagManagerId]);

  return null;
}
