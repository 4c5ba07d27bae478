import { LiveCategoryPage, liveCategoryMetadata } from '@/components/live/live-lobby-page';

export const revalidate = 5;
export const generateMetadata = () => liveCategoryMetadata('live-blackjack');

/** /live/live-blackjack (spec §2, issue 25): the live blackjack tables. */
export default function LiveBlackjackPage() {
  return <LiveCategoryPage categoryId="live-blackjack" />;
}
