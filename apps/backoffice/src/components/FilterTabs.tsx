import { Link } from 'react-router';

/** A list's filters as tabs: links (so a filter is a page of its own, kept on reload), the current one marked. */
export function FilterTabs<F extends string>(props: {
  label: string;
  filters: readonly F[];
  current: F;
  words: Record<string, string>;
  href: (filter: F) => string;
  testIdPrefix: string;
}) {
  const { label, filters, current, words, href, testIdPrefix } = props;
  return (
    <nav aria-label={label} className="tabs">
      {filters.map((filter) => (
        <Link
          key={filter}
          to={href(filter)}
          className={filter === current ? 'tab active' : 'tab'}
          aria-current={filter === current ? 'page' : undefined}
          data-testid={`${testIdPrefix}-${filter}`}
        >
          {words[filter]}
        </Link>
      ))}
    </nav>
  );
}
