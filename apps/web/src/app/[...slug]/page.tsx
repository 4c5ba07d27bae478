import { notFound } from 'next/navigation';
import { renderContentPage } from '@/components/content/content-page-by-slug';
import { contentPageMetadata } from '@/lib/pages';

// The catch-all (spec route middleware check-custom-content): a one-segment path that names a
// custom content page shows it; anything else is the 404 page.
export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ slug: string[] }> };

export async function generateMetadata({ params }: Props) {
  const { slug } = await params;
  return slug.length === 1 ? contentPageMetadata(slug[0]!) : {};
}

export default async function Page({ params }: Props) {
  const { slug } = await params;
  if (slug.length !== 1) notFound();
  return renderContentPage(slug[0]!);
}
