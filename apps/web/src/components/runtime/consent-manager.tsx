'use client';

import { useEffect, useState } from 'react';
import { buildConsentConfig, CONSENT_BANNER_DELAY_MS, readStoredConsent } from './consent';
import { answerConsent, configureConsentBanner, openCookiePreferences, runConsentBanner } from './consent-banner';
import { CookieBanner, type ConsentChoice } from './cookie-banner';
import { injectTagManager, type TagManagerWindow } from './tag-manager';
import { text } from './text-keys';

/**
 * The self-hosted consent banner, 10 s after load unless the player already chose (spec §7, §9),
 * and the tag manager, only with an id configured and consent to analytics. The banner is a
 * region that never takes the focus (cookie-banner.tsx); it goes once a choice is stored, from
 * its buttons or from the preferences dialog.
 */
export function ConsentManager({ texts, tagManagerId }: { texts: Record<string, string>; tagManagerId: string | null }) {
  const [asking, setAsking] = useState(false);

  useEffect(() => {
    const loadTagManager = (categories: string[]) => {
      if (tagManagerId && categories.includes('analytics')) injectTagManager(document, window as TagManagerWindow, tagManagerId);
    };
    configureConsentBanner(
      buildConsentConfig(texts, {
        onConsent: (categories) => {
          setAsking(false);
          loadTagManager(categories);
        },
      }),
    );

    const stored = readStoredConsent(document.cookie);
    if (stored) {
      loadTagManager(stored.categories);
      return;
    }

    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        runConsentBanner()
          .then((cc) => setAsking(!cc.validConsent()))
          .catch((error: unknown) => console.error('consent banner failed to load', error));
      }, CONSENT_BANNER_DELAY_MS);
    };
    if (document.readyState === 'complete') schedule();
    else window.addEventListener('load', schedule, { once: true });
    return () => {
      window.removeEventListener('load', schedule);
      clearTimeout(timer);
    };
  }, [texts, tagManagerId]);

  if (!asking) return null;
  const choose = (choice: ConsentChoice) => {
    const done = choice === 'settings' ? openCookiePreferences() : answerConsent(choice);
    done.catch((error: unknown) => console.error('consent choice failed', error));
  };
  return (
    <CookieBanner
      texts={{
        title: text(texts, 'keywords.cookie_title'),
        description: text(texts, 'keywords.cookie_description'),
        acceptAll: text(texts, 'keywords.cookie_accept_all'),
        acceptNecessary: text(texts, 'keywords.cookie_accept_necessary'),
        settings: text(texts, 'keywords.cookie_settings'),
      }}
      onChoice={choose}
    />
  );
}
