import type { Metadata } from 'next';
import { DepositPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /min-konto/overfoer: the spec's deposit in three steps (login required). */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <DepositPage variant="main" path="/min-konto/overfoer" searchParams={searchParams} />;
}
