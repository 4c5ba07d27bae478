import { formatDateTimeDa } from '@krone/domain';
import Link from 'next/link';
import { StaticImage as Image } from '@/components/content/static-image';
import { richText } from '@/lib/rich-text';

export interface NewsArticleData {
  title: string;
  subLine: string;
  image: string;
  body: string;
  showDateTime: boolean;
  publicDate: string;
}

/** A news item as the news page shows it (and an editor's preview of one). */
export function NewsArticle({ item, t }: { item: NewsArticleData; t: (key: string, values?: Record<string, string>) => string }) {
  return (
    <article className="panel">
      <Link href="/nyheder" className="back-link">
        ← {t('news.back_to_list')}
      </Link>
      <div className="article-hero">
        <Image src={item.image} alt="" fill priority sizes="(min-width: 1200px) 1160px, 100vw" />
      </div>
      <h1>{item.title}</h1>
      {item.showDateTime ? (
        <p className="card-meta">
          <time dateTime={item.publicDate}>{t('news.published', { date: formatDateTimeDa(item.publicDate) })}</time>
        </p>
      ) : null}
      <p className="page-intro">{item.subLine}</p>
      <div className="rich-text" dangerouslySetInnerHTML={richText(item.body)} />
    </article>
  );
}
