import { LiveCategoryPage, liveCategoryMetadata } from '@/components/live/live-lobby-page';

export const revalidate = 5;
export const generateMetadata = () => liveCategoryMetadata('andre-live-spil');

/** /live/andre-live-spil (spec §2, issue 25): the other live games (the game shows). */
export default function OtherLiveGamesPage() {
  return <LiveCategoryPage categoryId="andre-live-spil" />;
}
