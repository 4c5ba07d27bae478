import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ContentMissing, getPage, isSlug } from './content';
import { seoMetadata } from './seo';

/** A content page by slug, or the 404 page when there is none (never a 500 for a bad slug). */
export async function loadPageOr404(slug: string) {
  if (!isSlug(slug)) notFound();
  try {
    return await getPage(slug);
  } catch (error) {
    if (error instanceof ContentMissing && error.status === 404) notFound();
    throw error;
  }
}

export async function contentPageMetadata(slug: string): Promise<Metadata> {
  if (!isSlug(slug)) return {};
  try {
    const page = await getPage(slug);
    return seoMetadata(slug, { title: page.title, description: page.metaDescription || undefined });
  } catch {
    return {};
  }
}
