import { LiveCategoryPage, liveCategoryMetadata } from '@/components/live/live-lobby-page';

export const revalidate = 5;
export const generateMetadata = () => liveCategoryMetadata('live-casino');

/** /live/live-casino (spec §2, issue 25): every live table. */
export default function LiveAllTablesPage() {
  return <LiveCategoryPage categoryId="live-casino" />;
}
