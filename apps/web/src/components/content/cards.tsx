import { formatDateDa } from '@krone/domain';
import { StaticImage as Image } from './static-image';
import Link from 'next/link';

export function NewsCard({
  item,
  readMore,
  headingLevel = 2,
  priority = false,
}: {
  item: { newsSlug: string; title: string; subLine: string; image: string; publicDate: string };
  readMore: string;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link href={`/nyheder/${item.newsSlug}`} className="card" prefetch={false}>
      <div className="card-image">
        <Image src={item.image} alt="" fill sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" priority={priority} />
      </div>
      <div className="card-body">
        <time className="card-meta" dateTime={item.publicDate}>
          {formatDateDa(item.publicDate)}
        </time>
        <Heading>{item.title}</Heading>
        <p>{item.subLine}</p>
        <span className="card-more" aria-hidden="true">
          {readMore} →
        </span>
      </div>
    </Link>
  );
}

export function CampaignCard({
  item,
  readMore,
  validUntil,
  endedLabel,
  headingLevel = 2,
  priority = false,
}: {
  item: { slug: string; title: string; subLine: string; image: string; endsAt: string; active: boolean; category: string };
  readMore: string;
  validUntil: string;
  endedLabel: string;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link href={`/kampagner/${item.slug}`} className="card" prefetch={false}>
      <div className="card-image">
        <Image src={item.image} alt="" fill sizes="(min-width: 1024px) 380px, (min-width: 640px) 50vw, 100vw" priority={priority} />
      </div>
      <div className="card-body">
        <span className="card-meta">{item.active ? validUntil : <span className="badge">{endedLabel}</span>}</span>
        <Heading>{item.title}</Heading>
        <p>{item.subLine}</p>
        <span className="card-more" aria-hidden="true">
          {readMore} →
        </span>
      </div>
    </Link>
  );
}
