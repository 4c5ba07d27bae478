import 'server-only';
import type { Metadata } from 'next';
import { getSeo } from './content';
import { env } from './env';

/** Page metadata from the SEO call for a slug; the platform falls back to seo_home. */
export async function seoMetadata(slug: string, override: { title?: string; description?: string } = {}): Promise<Metadata> {
  try {
    const seo = await getSeo(slug);
    const title = override.title ? `${override.title} | ${seo.siteName}` : seo.metaTitle;
    const description = override.description ?? seo.metaDescription;
    const [index = 'index', follow = 'follow'] = seo.metaRobot.split(',').map((part) => part.trim());
    return {
      title,
      description,
      keywords: seo.metaKeyWords || undefined,
      robots: { index: index !== 'noindex', follow: follow !== 'nofollow' },
      openGraph: {
        title: override.title ?? seo.ogtitle,
        description: override.description ?? seo.ogdescription,
        siteName: seo.siteName,
        images: seo.ogimage ? [{ url: seo.ogimage }] : undefined,
        locale: 'da_DK',
        type: 'website',
      },
      metadataBase: new URL(env.siteUrl),
    };
  } catch {
    return { title: override.title, description: override.description };
  }
}
