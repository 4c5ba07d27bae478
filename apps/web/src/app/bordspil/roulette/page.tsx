import { TableCategoryPage, tableCategoryMetadata } from '@/components/games/table-category-page';

export const revalidate = 60;
export const generateMetadata = () => tableCategoryMetadata('roulette');

/** /bordspil/roulette (spec §2): the roulette tables. */
export default function RoulettePage() {
  return <TableCategoryPage categoryId="roulette" />;
}
