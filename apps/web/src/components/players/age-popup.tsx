'use client';

import { useModalDialog } from '../runtime/use-modal-dialog';
import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { getCopenhagenParts } from '@krone/domain';
import { GLOBAL_POPUP_KEY, rememberedAgePopup, type AgePopupContent } from '@/lib/age-popup';
import styles from '../runtime/runtime.module.css';

/**
 * The age popup (spec §3 configs agePopupLogo, agePopupMedia, agePopupContent): a modal dialog,
 * so focus moves into it and stays there, Escape closes it, and a screen reader reads its title.
 */
export function AgePopup({ content, closeText, onClose }: { content: AgePopupContent; closeText: string; onClose: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${styles.dialogWide} ${styles.agePopup}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onClose={onClose}
      data-testid="age-popup"
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- the content's logo, at the size it is given */}
      {content.logo ? <img className={styles.agePopupLogo} src={content.logo} alt="" width={210} height={100} /> : null}
      <h2 id={titleId} className={styles.dialogTitle}>
        {content.title}
      </h2>
      {content.media ? (
        // eslint-disable-next-line @next/next/no-img-element -- the content's picture (the 21+ mark)
        <img className={styles.agePopupMedia} src={content.media.url} alt={content.media.alt} width={96} height={96} />
      ) : null}
      <div
        id={bodyId}
        className={`${styles.agePopupText} rich-text`}
        dangerouslySetInnerHTML={{ __html: content.content /* sanitised on the server: app/registrer/page.tsx */ }}
      />
      <div className={styles.actions}>
        {content.buttonText && content.buttonLink ? (
          <Link href={content.buttonLink} className={styles.button} prefetch={false}>
            {content.buttonText}
          </Link>
        ) : null}
        <button type="button" className={styles.buttonSecondary} onClick={() => dialog.current?.close()}>
          {closeText}
        </button>
      </div>
    </dialog>
  );
}

/** Today in Copenhagen as yyyy-mm-dd. */
export function copenhagenToday(now = new Date()): string {
  const { year, month, day } = getCopenhagenParts(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Keeps the popup on this device until `until` (the day the person reaches the age limit). */
export function rememberAgePopup(until: string) {
  try {
    window.localStorage.setItem(GLOBAL_POPUP_KEY, JSON.stringify({ kind: 'age', until }));
  } catch {
    // Storage refused (private mode): the popup is then shown only when the age check asks for it.
  }
}

/** On the registration's first step: the popup again for a device that was shown it, until the day it no longer applies. */
export function RememberedAgePopup({ content, closeText }: { content: AgePopupContent; closeText: string }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let stored: string | null;
    try {
      stored = window.localStorage.getItem(GLOBAL_POPUP_KEY);
    } catch {
      stored = null;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the device's stored value is read after hydration
    setOpen(rememberedAgePopup(stored, copenhagenToday()));
  }, []);
  return open ? <AgePopup content={content} closeText={closeText} onClose={() => setOpen(false)} /> : null;
}
