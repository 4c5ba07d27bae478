import { TableCategoryPage, tableCategoryMetadata } from '@/components/games/table-category-page';

export const revalidate = 60;
export const generateMetadata = () => tableCategoryMetadata('blackjack');

/** /bordspil/blackjack (spec §2): the blackjack tables. */
export default function BlackjackPage() {
  return <TableCategoryPage categoryId="blackjack" />;
}
