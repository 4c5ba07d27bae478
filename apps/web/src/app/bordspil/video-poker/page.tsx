import { TableCategoryPage, tableCategoryMetadata } from '@/components/games/table-category-page';

export const revalidate = 60;
export const generateMetadata = () => tableCategoryMetadata('video-poker');

/** /bordspil/video-poker (spec §2): the video-poker tables. */
export default function VideoPokerPage() {
  return <TableCategoryPage categoryId="video-poker" />;
}
