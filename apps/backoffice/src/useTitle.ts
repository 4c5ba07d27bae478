import { useEffect } from 'react';
import { da } from './i18n/da';

/** The browser tab's title: the page's, then the back office's. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${da.brand.documentTitle}`;
  }, [title]);
}
