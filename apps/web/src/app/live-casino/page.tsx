import { LiveLobbyPage } from '@/components/live/live-lobby-page';
import { seoMetadata } from '@/lib/seo';

// The tiles' live state is the page's first picture (the stream follows it in the browser): a few seconds old at most.
export const revalidate = 5;
export const generateMetadata = () => seoMetadata('live-casino');

/** /live-casino (spec §2, issue 25): the live lobby, every table grouped by `LiveCategories`. */
export default function LiveCasinoPage() {
  return <LiveLobbyPage />;
}
