'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';

/** Spec §8: the news menu refetches page 1 at 26 items. */
export const NEWS_MENU_PAGE = Object.freeze({ PageSize: 26, CurrentPage: 1 });

/** The news entry of the menu: its slug in the content's menu. */
export const isNewsEntry = (slug: string) => slug === '/nyheder';

type Headline = { newsId: string | number; newsSlug: string; title: string };

/**
 * The newest news under the menu's news entry: fetched again each time the player opens it, so
 * a news item published since the page loaded is there. Nothing is shown until the answer comes,
 * and nothing on a failure: the entry itself still leads to /nyheder.
 */
export function NewsMenuChildren({
  id,
  open,
  pathname,
  loadingText,
}: {
  id: string;
  open: boolean;
  pathname: string;
  loadingText: string;
}) {
  const [headlines, setHeadlines] = useState<Headline[] | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetch('/api/news/news-list', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...NEWS_MENU_PAGE, showArticleInNewsList: true, status: 'published' }),
      signal: controller.signal,
      cache: 'no-store',
    })
      .then((response) => (response.ok ? (response.json() as Promise<{ data?: Headline[] }>) : { data: [] }))
      .then((page) => setHeadlines((page.data ?? []).slice(0, NEWS_MENU_PAGE.PageSize)))
      .catch(() => {
        if (!controller.signal.aborted) setHeadlines([]);
      });
    return () => controller.abort();
  }, [open]);

  return (
    <ul id={id} className="menu-children" hidden={!open} data-testid="news-menu" aria-busy={headlines === null || undefined}>
      {headlines === null ? <li className="menu-children-note">{loadingText}</li> : null}
      {(headlines ?? []).map((item) => {
        const href = `/nyheder/${item.newsSlug}`;
        return (
          <li key={item.newsId}>
            <Link
              href={href}
              className={`menu-link${pathname === href ? ' is-active' : ''}`}
              aria-current={pathname === href ? 'page' : undefined}
              prefetch={false}
            >
              <span>{item.title}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
