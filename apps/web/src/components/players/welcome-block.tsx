'use client';

import { formatDateTimeDa, formatKr } from '@krone/domain';
import { textsTranslator } from '@/lib/i18n';
import { useAccountSummary } from './account-summary';
import Link from 'next/link';
import { usePlayerProfile } from './player-profile';

/**
 * The logged-in player's welcome block (spec §1, §6): first name, previous login in Copenhagen
 * time, total balance and the transfer link. Cached pages render it empty for everyone; the
 * browser fills it in for a player. The balance is the account summary's total; until it
 * answers, a dash.
 */
export function WelcomeBlock({ texts }: { texts: Record<string, string> }) {
  const state = usePlayerProfile();
  const summary = useAccountSummary();
  const balance = summary.status === 'ready' ? formatKr(summary.summary.TotalBalance) : null;
  if (state.status !== 'ready') return null;
  const t = textsTranslator(texts);
  const { profile } = state;
  return (
    <section className="welcome-block panel" aria-labelledby="welcome-title" data-testid="welcome-block">
      <div>
        <h2 id="welcome-title">{t('overview.greeting', { name: profile.firstName })}</h2>
        {profile.previousLogin ? (
          <p data-testid="welcome-previous-login">{t('overview.last_login', { date: formatDateTimeDa(profile.previousLogin) })}</p>
        ) : null}
      </div>
      <dl>
        <dt>{t('overview.total_balance')}</dt>
        <dd data-testid="welcome-balance" aria-busy={balance === null || undefined}>
          {balance ?? '–'}
        </dd>
      </dl>
      <Link href="/min-konto/overfoer" className="btn btn-primary" prefetch={false}>
        {t('overview.transfer_link')}
      </Link>
    </section>
  );
}
