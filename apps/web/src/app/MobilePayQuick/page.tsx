import type { Metadata } from 'next';
import { PaymentReturnPage, type Search } from '@/components/deposit/pages';

export const metadata: Metadata = { robots: { index: false } };

/** /MobilePayQuick: back from MobilePay after a quick deposit. */
export default function Page({ searchParams }: { searchParams: Search }) {
  return <PaymentReturnPage path="/MobilePayQuick" againHref="/QuickDeposit" searchParams={searchParams} />;
}
