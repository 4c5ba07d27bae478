import type { ListenerTarget } from './store';

export interface LinkClickEvent {
  readonly defaultPrevented: boolean;
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly target: EventTarget | null;
  preventDefault(): void;
}

interface AnchorLike {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

export interface PageLocation {
  readonly href: string;
  readonly origin: string;
  readonly pathname: string;
  readonly search: string;
}

/**
 * The same-origin URL a plain click on a link will open in this tab, or null when the browser
 * or another handler deals with it (modified or non-primary clicks, new tabs, downloads, other
 * sites, non-http schemes).
 */
export function linkClickTarget(event: LinkClickEvent, location: PageLocation): URL | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target as { closest?: (selector: string) => AnchorLike | null } | null;
  const anchor = typeof target?.closest === 'function' ? target.closest('a[href]') : null;
  if (!anchor) return null;
  const frame = anchor.getAttribute('target');
  if ((frame && frame !== '_self') || anchor.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(anchor.getAttribute('href') ?? '', location.href);
  } catch {
    return null;
  }
  return url.origin === location.origin ? url : null;
}

export type LinkAction = 'full-load' | 'client' | 'none';

/**
 * - A link home from another route loads the whole page at the root (spec §2).
 * - After a new deployment every navigation is a full load, so the new build's code is used.
 * - A link to the current page (or only its #hash) starts no transition.
 * - Anything else is a client-side transition: the loading bar starts.
 */
export function decideLinkAction(url: URL, current: Pick<PageLocation, 'pathname' | 'search'>, fullLoadRequired: boolean): LinkAction {
  const samePage = url.pathname === current.pathname && url.search === current.search;
  if (samePage && url.hash !== '') return 'none';
  if (url.pathname === '/' && current.pathname !== '/') return 'full-load';
  if (fullLoadRequired) return 'full-load';
  return samePage ? 'none' : 'client';
}

export interface LinkNavigationDeps {
  /** The window; its click events are heard in the capture phase, before Next's Link handles them. */
  events: ListenerTarget;
  location: PageLocation & { assign(url: string): void };
  isFullLoadRequired: () => boolean;
  onClientNavigation: () => void;
}

export function installLinkNavigation(deps: LinkNavigationDeps): () => void {
  const onClick = (event: Event) => {
    const url = linkClickTarget(event as unknown as LinkClickEvent, deps.location);
    if (!url) return;
    const action = decideLinkAction(url, deps.location, deps.isFullLoadRequired());
    if (action === 'full-load') {
      // Next's Link skips a click whose default is prevented.
      event.preventDefault();
      deps.location.assign(url.href);
    } else if (action === 'client') {
      deps.onClientNavigation();
    }
  };
  deps.events.addEventListener('click', onClick, { capture: true });
  return () => deps.events.removeEventListener('click', onClick, { capture: true });
}
