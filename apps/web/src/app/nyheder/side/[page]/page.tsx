import { notFound } from 'next/navigation';
import { NewsListPage } from '@/components/content/news-list-page';
import { seoMetadata } from '@/lib/seo';

// Pages 2… of the news list, reached as /nyheder?side=N through a rewrite (next.config.ts).
export const revalidate = 60;
export const dynamicParams = true;
export const generateStaticParams = async () => [];
export const generateMetadata = () => seoMetadata('nyheder');

type Props = { params: Promise<{ page: string }> };

export default async function NewsPageN({ params }: Props) {
  const { page } = await params;
  const n = Number(page);
  if (!/^\d{1,5}$/.test(page) || !Number.isInteger(n) || n < 1) notFound();
  return <NewsListPage currentPage={n} />;
}
