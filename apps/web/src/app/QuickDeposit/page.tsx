import type { Metadata } from 'next';
import { DepositPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /QuickDeposit: quick deposit; a guest is told to log in first. */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <DepositPage variant="quick" path="/QuickDeposit" guestMayLand searchParams={searchParams} />;
}
