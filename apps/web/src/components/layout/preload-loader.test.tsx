import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreloadLoader, preloadLoaderCss } from './preload-loader';

const spinner = { active: true, background: '#0b1f17', color: '#e8b931', type: 'spinner' as const };

describe('preload loader (layout settings per size)', () => {
  it('takes each size its own colours, keyed on data-screen', () => {
    const css = preloadLoaderCss({ xs: spinner, xl: { ...spinner, background: '#ffffff', color: 'rgb(0, 0, 0)' } });
    expect(css).toContain("html[data-screen='xs'] .preload-loader{--loader-bg:#0b1f17;--loader-color:#e8b931}");
    expect(css).toContain("html[data-screen='xl'] .preload-loader{--loader-bg:#ffffff;--loader-color:rgb(0, 0, 0)}");
    // A size without settings keeps the page's own colours.
    expect(css).toContain("html[data-screen='md'] .preload-loader{--loader-bg:transparent;--loader-color:currentColor}");
  });

  it('refuses colour values that could break out of the style sheet', () => {
    const css = preloadLoaderCss({ xs: { ...spinner, background: 'red}body{display:none', color: '</style><script>' } });
    expect(css).not.toContain('body{');
    expect(css).not.toContain('<');
    expect(css).toContain("html[data-screen='xs'] .preload-loader{--loader-bg:transparent;--loader-color:currentColor}");
  });

  it('is hidden on the sizes where it is not active and shows the logo where the type says so', () => {
    const html = renderToStaticMarkup(
      <PreloadLoader
        settings={{ xs: { ...spinner, active: false }, lg: { ...spinner, type: 'logo' } }}
        label="Indlæser…"
        logoUrl="/media/general/logo.png"
      />,
    );
    expect(html).toMatch(/class="preload-loader hide-xs"/);
    expect(html).toContain('role="status"');
    expect(html).toContain('Indlæser…');
    expect(html).toContain('class="preload-logo"');
    expect(html).toContain("html[data-screen='lg'] .preload-loader .preload-spinner{display:none}");
    expect(html).toContain("html[data-screen='xs'] .preload-loader .preload-logo{display:none}");
    // Not fetched on every page just in case: the browser loads it when the loader shows.
    expect(html).not.toContain('rel="preload"');
  });

  it('leaves the logo out when no size asks for it', () => {
    const html = renderToStaticMarkup(<PreloadLoader settings={{ xs: spinner }} label="Indlæser…" logoUrl="/media/general/logo.png" />);
    expect(html).not.toContain('preload-logo"');
  });
});
