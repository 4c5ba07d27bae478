import type { Metadata, Viewport } from 'next';
import { Suspense } from 'react';
import { SiteFooter } from '@/components/layout/site-footer';
import { PreloadLoader } from '@/components/layout/preload-loader';
import { SiteHeader } from '@/components/layout/site-header';
import { Wallpaper, WallpaperLogos } from '@/components/layout/wallpaper';
import { ClientRuntime, RUNTIME_TEXT_KEYS, SCREEN_SIZE_BOOT_SCRIPT } from '@/components/runtime';
import { TextsProvider } from '@/components/texts-context';
import { pickTranslations } from '@/lib/i18n';
import { seoMetadata } from '@/lib/seo';
import { getSiteChrome } from '@/lib/site';
import { themeTokens } from '@/lib/theme-tokens';
import './globals.css';

export const revalidate = 60;

export async function generateMetadata(): Promise<Metadata> {
  return { ...(await seoMetadata('seo_home')), icons: { icon: '/favicon.ico', apple: '/media/general/icon-192.png' } };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  themeColor: '#0b1f17',
};

const LAYOUT_TEXT_KEYS = [
  'modal.error_404_title',
  'modal.error_subtitle',
  'modal.error_button',
  'validation.server_error',
  'menu.skip_to_content',
] as const;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const chrome = await getSiteChrome();
  const { t } = chrome;
  return (
    <html lang="da" suppressHydrationWarning>
      <head>
        {/* Sets data-screen on <html> before first paint, so per-size visibility never flickers. */}
        <script dangerouslySetInnerHTML={{ __html: SCREEN_SIZE_BOOT_SCRIPT }} />
        <style>{themeTokens(chrome.themes)}</style>
      </head>
      <body>
        <TextsProvider texts={pickTranslations(t, LAYOUT_TEXT_KEYS)}>
          <a href="#main" className="skip-link">
            {t('menu.skip_to_content')}
          </a>
          {/* Each boundary hydrates on its own, in short tasks, instead of the whole page in one
              long task that keeps a phone's main thread busy (total blocking time). React may
              stream a boundary after the page's main content, so only parts that take no room
              in the flow (the fixed wallpaper, the runtime's overlays) get one: a late header
              would push the page down. */}
          <Suspense>
            <Wallpaper {...chrome.wallpaper} />
          </Suspense>
          <SiteHeader {...chrome.headerProps} menu={chrome.menu} />
          <main id="main" className="site-main">
            {children}
          </main>
          <WallpaperLogos logos={chrome.wallpaperLogos} />
          <SiteFooter footer={chrome.footer} label={t('menu.footer_navigation')} />
          <PreloadLoader {...chrome.preload} />
          <Suspense>
            <ClientRuntime texts={pickTranslations(t, RUNTIME_TEXT_KEYS)} tagManagerId={chrome.tagManagerId} marketing={chrome.marketing} />
          </Suspense>
        </TextsProvider>
      </body>
    </html>
  );
}
