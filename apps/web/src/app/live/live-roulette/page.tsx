import { LiveCategoryPage, liveCategoryMetadata } from '@/components/live/live-lobby-page';

export const revalidate = 5;
export const generateMetadata = () => liveCategoryMetadata('live-roulette');

/** /live/live-roulette (spec §2, issue 25): the live roulette tables. */
export default function LiveRoulettePage() {
  return <LiveCategoryPage categoryId="live-roulette" />;
}
