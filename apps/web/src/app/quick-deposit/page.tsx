import type { Metadata } from 'next';
import { DepositPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /quick-deposit: quick deposit without the site's header (login required). */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <DepositPage variant="quick" path="/quick-deposit" searchParams={searchParams} />;
}
