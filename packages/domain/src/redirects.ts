/** A path on this site to return to after login, or null: never another site (open redirect). */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.length > 500 || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
}
