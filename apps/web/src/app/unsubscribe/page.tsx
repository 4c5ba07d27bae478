import type { Metadata } from 'next';
import { UnsubscribePage } from '@/components/players/unsubscribe-page';

export const metadata: Metadata = { robots: { index: false } };

/** /unsubscribe: unsubscribe by the link's guid (spec §2). */
export default function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return <UnsubscribePage channel="email" searchParams={searchParams} />;
}
