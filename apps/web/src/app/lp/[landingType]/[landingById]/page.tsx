import { LandingView } from '@/components/content/landing-view';
import { notFound } from 'next/navigation';
import { ContentMissing, getLandingPage, getTranslator, isSlug } from '@/lib/content';
import { seoMetadata } from '@/lib/seo';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ landingType: string; landingById: string }> };

async function loadLanding(landingType: string, landingById: string) {
  if (!isSlug(landingType) || !isSlug(landingById)) notFound();
  try {
    return await getLandingPage(landingType, landingById);
  } catch (error) {
    if (error instanceof ContentMissing && error.status < 500) notFound();
    throw error;
  }
}

export async function generateMetadata({ params }: Props) {
  const { landingType, landingById } = await params;
  if (!isSlug(landingType) || !isSlug(landingById)) return {};
  try {
    const page = await getLandingPage(landingType, landingById);
    return seoMetadata('lp', { title: page.title, description: page.heroText });
  } catch {
    return {};
  }
}

/** A landing page stands alone: no header or wallpaper, its own hero instead (spec §2). */
export default async function LandingPage({ params }: Props) {
  const { landingType, landingById } = await params;
  const [page, t] = await Promise.all([loadLanding(landingType, landingById), getTranslator()]);
  return <LandingView page={page} t={t} />;
}
