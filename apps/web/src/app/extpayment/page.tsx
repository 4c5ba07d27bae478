import type { Metadata } from 'next';
import { PaymentReturnPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /extpayment: back from an external payment; the same screen as /MobilePay. */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <PaymentReturnPage path="/extpayment" againHref="/min-konto/overfoer" searchParams={searchParams} />;
}
