/** A Google Tag Manager container id; anything else is refused before it reaches a URL. */
const TAG_MANAGER_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;
const SCRIPT_MARKER = 'data-krone-tag-manager';

export function isValidTagManagerId(id: string | null | undefined): id is string {
  return typeof id === 'string' && TAG_MANAGER_ID_PATTERN.test(id);
}

export function tagManagerScriptUrl(id: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
}

export interface TagManagerWindow {
  dataLayer?: unknown[];
}

/**
 * Adds the tag manager's script once, the way its snippet does. The caller decides when: only
 * with an id configured and the player's consent to analytics. Answers whether it was added now.
 */
export function injectTagManager(
  doc: Pick<Document, 'createElement' | 'head' | 'querySelector'>,
  win: TagManagerWindow,
  id: string | null | undefined,
  now: number = Date.now(),
): boolean {
  if (!isValidTagManagerId(id) || doc.querySelector(`script[${SCRIPT_MARKER}]`)) return false;
  win.dataLayer ??= [];
  win.dataLayer.push({ 'gtm.start': now, event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = tagManagerScriptUrl(id);
  script.setAttribute(SCRIPT_MARKER, '');
  doc.head.appendChild(script);
  return true;
}
