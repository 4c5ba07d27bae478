/**
 * The origin of a URL setting read at start (WEB_PUBLIC_URL, CARDS_PUBLIC_URL), or its default
 * when unset. Throws, naming the variable, on a value that is not an http(s) URL, so a bad
 * setting stops the start instead of failing every request that depends on it.
 */
export function originSetting(name: string, value: string | undefined, fallback: string): string {
  const raw = value || fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name}: "${raw}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name}: "${raw}" is not an http(s) URL`);
  return url.origin;
}
