import { renderContentPage } from '@/components/content/content-page-by-slug';
import { contentPageMetadata } from '@/lib/pages';

export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ slug: string }> };

export async function generateMetadata({ params }: Props) {
  return contentPageMetadata((await params).slug);
}

export default async function Page({ params }: Props) {
  return renderContentPage((await params).slug);
}
