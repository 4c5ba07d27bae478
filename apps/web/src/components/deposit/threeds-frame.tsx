'use client';

import { useEffect, useRef } from 'react';
import { textsTranslator, type Texts } from '@/lib/i18n';
import styles from './deposit.module.css';

/**
 * The bank's 3-D Secure page in a dialog on the deposit page, 900 px wide on desktop and 700 px on
 * tablet and phone (spec §9, 3DS_settings; never wider than the screen). The provider's page is
 * framed (our CSP's frame-src names the provider); when it is done it sends the frame to our
 * return page, the one page of ours that may be framed (by us). Arriving there makes the frame
 * same-origin, which is how this dialog knows the challenge is over; no message passing, no
 * script on the return page. Rendered only in the browser, after the player confirmed.
 */
export function ThreeDsFrame({
  url,
  widths,
  texts,
  onDone,
}: {
  url: string;
  widths: { desktop: number; tablet: number; mobile: number };
  texts: Texts;
  onDone: () => void;
}) {
  const t = textsTranslator(texts);
  const dialog = useRef<HTMLDialogElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const width = window.matchMedia('(min-width: 1024px)').matches
    ? widths.desktop
    : window.innerWidth >= 768
      ? widths.tablet
      : widths.mobile;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  function loaded() {
    try {
      // Reading the location throws while the provider's page is shown (another origin).
      if (frame.current?.contentWindow?.location.origin === window.location.origin) onDone();
    } catch {
      // Still at the provider.
    }
  }

  return (
    <dialog
      ref={dialog}
      className={styles.threeDs}
      style={{ width: `min(${width}px, calc(100vw - 1rem))` }}
      aria-labelledby="threeds-title"
      aria-describedby="threeds-text"
      onCancel={(event) => {
        event.preventDefault();
        onDone();
      }}
      data-testid="threeds-dialog"
      data-width={width}
    >
      <div className={styles.threeDsHead}>
        <h2 id="threeds-title">{t('deposit.threeds_title')}</h2>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('btn.close')}
        </button>
      </div>
      <p id="threeds-text" className={styles.muted}>
        {t('deposit.threeds_text')}
      </p>
      <iframe
        ref={frame}
        src={url}
        title={t('deposit.threeds_title')}
        className={styles.threeDsFrame}
        onLoad={loaded}
        data-testid="threeds-frame"
      />
    </dialog>
  );
}
