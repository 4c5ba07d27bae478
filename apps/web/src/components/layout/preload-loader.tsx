import { SCREEN_SIZES, type ScreenSize } from '@krone/domain';
import type { PreloadSettings } from '@/lib/site-chrome';

const CSS_COLOUR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\([\d\s.,%]+\))$/i;
const colour = (value: string | undefined, fallback: string) => (value && CSS_COLOUR.test(value) ? value : fallback);

/**
 * Per-size colours and kind of the loader as CSS, keyed on the data-screen attribute that is set
 * on <html> before first paint.
 */
export function preloadLoaderCss(settings: Partial<Record<ScreenSize, PreloadSettings>>): string {
  return SCREEN_SIZES.map((size) => {
    const s = settings[size] ?? {};
    const scope = `html[data-screen='${size}'] .preload-loader`;
    const notShown = s.type === 'logo' ? '.preload-spinner' : '.preload-logo';
    return `${scope}{--loader-bg:${colour(s.background, 'transparent')};--loader-color:${colour(s.color, 'currentColor')}}${scope} ${notShown}{display:none}`;
  }).join('');
}

/**
 * The preload loader of the layout settings (spec §3, per size): shown in place of the page
 * while the next page's content loads after a click, on the sizes where it is active, as a
 * spinner or the pulsing logo.
 */
export function PreloadLoader({
  settings,
  label,
  logoUrl,
}: {
  settings: Partial<Record<ScreenSize, PreloadSettings>>;
  label: string;
  logoUrl: string | null;
}) {
  const hidden = SCREEN_SIZES.filter((size) => settings[size]?.active === false)
    .map((size) => `hide-${size}`)
    .join(' ');
  const anyLogo = logoUrl !== null && SCREEN_SIZES.some((size) => settings[size]?.type === 'logo');
  return (
    <div className={`preload-loader ${hidden}`} role="status" data-testid="preload-loader">
      <style>{preloadLoaderCss(settings)}</style>
      <span className="preload-spinner" aria-hidden="true" />
      {/* Lazy: React would otherwise preload it on every page, and it is rarely shown. */}
      {anyLogo ? <img className="preload-logo" src={logoUrl} alt="" width={105} height={50} loading="lazy" /> : null}
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
