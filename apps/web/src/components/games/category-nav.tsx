import Link from 'next/link';
import styles from './games.module.css';

export interface CategoryNavPage {
  href: string;
  name: string;
}

/**
 * A lobby's own navigation (the table games' TableNav, the live casino's LiveNav): its pages in
 * order, the current one marked.
 */
export function CategoryNav({
  pages,
  current,
  label,
  testId,
}: {
  pages: readonly CategoryNavPage[];
  current: string;
  label: string;
  testId: string;
}) {
  return (
    <nav className={styles.nav} aria-label={label} data-testid={testId}>
      <ul>
        {pages.map((page) => (
          <li key={page.href}>
            <Link href={page.href} prefetch={false} aria-current={page.href === current ? 'page' : undefined}>
              {page.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The pages of a categories config: those whose page this build has (`hrefOf` answers null for the others). */
export const categoryPages = <C extends { name: string }>(categories: readonly C[], hrefOf: (category: C) => string | null | undefined) =>
  categories.flatMap((category) => {
    const href = hrefOf(category);
    return href ? [{ href, name: category.name }] : [];
  });
