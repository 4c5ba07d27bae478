'use client';

import { formatKr } from '@krone/domain';
import Link from 'next/link';
import { useAccountSummary } from './account-summary';

/** The header's credit display: the content's credit icon, the total balance, a way to the deposit page (spec §3 "credit"). */
export function HeaderCredit({ label, className = '', icon = null }: { label: string; className?: string; icon?: string | null }) {
  const state = useAccountSummary();
  if (state.status !== 'ready') return null;
  return (
    <Link href="/min-konto/overfoer" className={`header-credit ${className}`} prefetch={false} data-testid="header-credit">
      {/* eslint-disable-next-line @next/next/no-img-element -- a small icon from the content (images.credit.logo_credit_1) */}
      {icon ? <img src={icon} alt="" width={20} height={20} className="header-credit-icon" /> : null}
      <span className="visually-hidden">{label}: </span>
      {formatKr(state.summary.TotalBalance)}
    </Link>
  );
}

/** The vertical menu's balances: total and bonus (spec §9). */
export function MenuBalances({ totalLabel, bonusLabel }: { totalLabel: string; bonusLabel: string }) {
  const state = useAccountSummary();
  if (state.status !== 'ready') return null;
  return (
    <dl className="menu-balances" data-testid="menu-balances">
      <div>
        <dt>{totalLabel}</dt>
        <dd>{formatKr(state.summary.TotalBalance)}</dd>
      </div>
      <div>
        <dt>{bonusLabel}</dt>
        <dd>{formatKr(state.summary.BonusBalance)}</dd>
      </div>
    </dl>
  );
}
