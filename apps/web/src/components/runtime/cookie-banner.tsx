'use client';

import styles from './runtime.module.css';

export type ConsentChoice = 'all' | 'necessary' | 'settings';

/**
 * The cookie banner: a region of the page, not a dialog. It blocks nothing (the page stays usable
 * behind it, as on Danish casinos' sites), so it neither takes the focus nor claims `aria-modal`:
 * a visitor typing in the game search when it appears keeps the focus and the text. Its buttons
 * follow the page in the tab order and are named by their text; accepting all and only the
 * necessary look alike (refusing is as easy as accepting). The settings open the preferences, a
 * real modal dialog, because the visitor asked for it.
 */
export function CookieBanner({
  texts,
  onChoice,
}: {
  texts: { title: string; description: string; acceptAll: string; acceptNecessary: string; settings: string };
  onChoice: (choice: ConsentChoice) => void;
}) {
  return (
    <section
      className={styles.cookieBanner}
      aria-labelledby="cookie-banner-title"
      aria-describedby="cookie-banner-text"
      data-testid="cookie-banner"
    >
      <h2 id="cookie-banner-title" className={styles.cookieTitle}>
        {texts.title}
      </h2>
      <p id="cookie-banner-text" className={styles.cookieText}>
        {texts.description}
      </p>
      <div className={styles.cookieActions}>
        <button type="button" className={styles.button} onClick={() => onChoice('all')}>
          {texts.acceptAll}
        </button>
        <button type="button" className={styles.button} onClick={() => onChoice('necessary')}>
          {texts.acceptNecessary}
        </button>
        <button type="button" className={styles.buttonSecondary} onClick={() => onChoice('settings')}>
          {texts.settings}
        </button>
      </div>
    </section>
  );
}
