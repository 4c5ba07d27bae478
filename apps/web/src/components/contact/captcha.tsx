'use client';

import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import styles from './contact.module.css';

export interface CaptchaHandle {
  /** The solved payload (base64), or null while the player has not proved the work. */
  payload(): string | null;
  /** The widget's state: unverified, verifying, verified, expired, error (or loading before it exists). */
  state(): string;
  /** Back to unverified: after the payload was used, refused or has expired. */
  reset(): void;
  focus(): void;
}

export interface CaptchaTexts {
  label: string;
  verifying: string;
  verified: string;
  required: string;
  expired: string;
  error: string;
}

const CHALLENGE_URL = '/api/contact/challenge';
// The widget is ours (self-hosted, no calls elsewhere), so no attribution links to altcha.org.
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true });

let loading: Promise<void> | null = null;

/** Registers <altcha-widget> and its Danish texts, once per page, in the browser only. */
function loadWidget(texts: CaptchaTexts): Promise<void> {
  loading ??= (async () => {
    await import('altcha');
    await import('altcha/i18n/da');
  })();
  return loading.then(() => {
    const i18n = globalThis.$altcha.i18n;
    i18n.set('da', {
      ...i18n.get('da'),
      label: texts.label,
      verifying: texts.verifying,
      waitAlert: texts.verifying,
      verified: texts.verified,
      verificationRequired: texts.required,
      expired: texts.expired,
      error: texts.error,
    });
  });
}

/**
 * The ALTCHA proof-of-work checkbox. It fetches its challenge from our BFF, works in a Web Worker,
 * and puts its payload in a hidden form field named "altcha". Its checkbox is a real, labelled
 * input, so it is reached with Tab and ticked with Space.
 */
export function Captcha({
  texts,
  error,
  errorId,
  handleRef,
}: {
  texts: CaptchaTexts;
  /** A message shown beside the widget (not solved, expired, refused). */
  error: string | null;
  errorId: string;
  handleRef: Ref<CaptchaHandle>;
}) {
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const widgetRef = useRef<AltchaWidgetElement | null>(null);
  const payloadRef = useRef<string | null>(null);

  useEffect(() => {
    let active = true;
    loadWidget(texts).then(
      () => active && setReady(true),
      () => active && setFailed(true),
    );
    return () => {
      active = false;
    };
  }, [texts]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!ready || !widget) return;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail ?? {};
      payloadRef.current = detail.state === 'verified' && detail.payload ? detail.payload : null;
    };
    const onVerified = (event: Event) => {
      payloadRef.current = (event as CustomEvent<{ payload?: string }>).detail?.payload ?? null;
    };
    widget.addEventListener('statechange', onState);
    widget.addEventListener('verified', onVerified);
    return () => {
      widget.removeEventListener('statechange', onState);
      widget.removeEventListener('verified', onVerified);
    };
  }, [ready]);

  const checkbox = () => widgetRef.current?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null;

  // Ties our message to the widget's own checkbox, so a screen reader reads it with the checkbox.
  useEffect(() => {
    const box = checkbox();
    if (!box) return;
    if (error) {
      box.setAttribute('aria-invalid', 'true');
      box.setAttribute('aria-describedby', errorId);
    } else {
      box.removeAttribute('aria-invalid');
      box.removeAttribute('aria-describedby');
    }
  }, [error, errorId, ready]);

  useImperativeHandle(
    handleRef,
    () => ({
      payload: () => {
        const widget = widgetRef.current;
        // An expired challenge keeps its old payload in the widget; only a verified state counts.
        if (!widget || typeof widget.getState !== 'function' || String(widget.getState()) !== 'verified') return null;
        // The event's payload, or the hidden "altcha" field the widget fills for plain form posts.
        return payloadRef.current ?? (widget.querySelector<HTMLInputElement>('input[type="hidden"][name="altcha"]')?.value || null);
      },
      state: () => {
        const widget = widgetRef.current;
        return widget && typeof widget.getState === 'function' ? String(widget.getState()) : 'loading';
      },
      reset: () => {
        payloadRef.current = null;
        const widget = widgetRef.current;
        if (widget && typeof widget.reset === 'function') widget.reset();
      },
      focus: () => checkbox()?.focus(),
    }),
    [],
  );

  return (
    <div className={styles.captcha}>
      {ready ? (
        <altcha-widget
          ref={widgetRef}
          challenge={CHALLENGE_URL}
          language="da"
          name="altcha"
          type="checkbox"
          auto="off"
          configuration={WIDGET_CONFIGURATION}
        />
      ) : (
        <p className={styles.captchaPlaceholder} aria-hidden={!failed}>
          {failed ? texts.error : texts.label}
        </p>
      )}
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
