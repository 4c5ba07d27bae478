'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { textsTranslator, type Texts } from '../../lib/i18n';
import { loginUrlFor } from '../../lib/login-required';
import { claimRefusalLines, depositHrefFor } from '../../lib/offer-rules';
import { useLoggedIn } from '../layout/use-logged-in';
import { usePost } from '../players/use-post';
import styles from './offers.module.css';

/**
 * "Hent tilbud" (issue 27). A logged-in player's click asks POST /api/bonus/claim, which checks the
 * code's rules for them now and moves nothing: allowed, the deposit page opens with the code
 * chosen; refused, the Danish reason shows under the button and nothing else changes. A guest sees
 * "Log ind" (back here afterwards) and "Opret konto" instead. `player`: the page is a logged-in
 * player's own (no guest links, even before the browser has read its cookies).
 */
export function ClaimOffer({
  code,
  returnPath,
  texts,
  player = false,
}: {
  code: string;
  returnPath: string;
  texts: Texts;
  player?: boolean;
}) {
  const t = textsTranslator(texts);
  const loggedIn = useLoggedIn();
  const router = useRouter();
  const { busy, post } = usePost();
  const [refusal, setRefusal] = useState<string[]>([]);
  const [leaving, setLeaving] = useState(false);
  const messageId = useId();

  if (!player && !loggedIn) {
    return (
      <div className={styles.claim} data-testid="claim-offer-guest">
        <p>{t('campaign.claim_guest')}</p>
        <div className={styles.guest}>
          <Link href={loginUrlFor(returnPath)} className="btn btn-primary" prefetch={false} data-testid="claim-offer-login">
            {t('btn.login')}
          </Link>
          <Link href="/registrer" className="btn btn-outline" prefetch={false} data-testid="claim-offer-register">
            {t('btn.register')}
          </Link>
        </div>
      </div>
    );
  }

  async function claim() {
    if (busy || leaving) return;
    setRefusal([]);
    const answer = await post('/api/bonus/claim', { code });
    if (answer.ok) {
      setLeaving(true);
      router.push(depositHrefFor(code));
      return;
    }
    setRefusal(claimRefusalLines(answer.body as { code?: unknown; message?: unknown; opensAt?: unknown }, t));
  }

  const waiting = busy || leaving;
  return (
    <div className={styles.claim}>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => void claim()}
        aria-disabled={waiting || undefined}
        aria-describedby={refusal.length > 0 ? messageId : undefined}
        data-testid="claim-offer"
        data-code={code}
      >
        {waiting ? t('btn.loading') : t('campaign.claim_offer')}
      </button>
      <div id={messageId} className={styles.refusal} role="status" data-testid="claim-offer-refusal">
        {refusal.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
