import type { Metadata } from 'next';
import { PaymentReturnPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /MobilePay: back from MobilePay after a deposit from /min-konto/overfoer. */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <PaymentReturnPage path="/MobilePay" againHref="/min-konto/overfoer" searchParams={searchParams} />;
}
