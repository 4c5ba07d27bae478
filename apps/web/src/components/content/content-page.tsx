import { richText } from '@/lib/rich-text';

/** A custom content or policy page: the editor's HTML under its title. */
export function ContentPageView({ page, updatedText }: { page: { title: string; body: string; updatedAt: string }; updatedText: string }) {
  return (
    <article className="panel">
      <h1>{page.title}</h1>
      <p className="card-meta">
        <time dateTime={page.updatedAt}>{updatedText}</time>
      </p>
      <div className="rich-text" dangerouslySetInnerHTML={richText(page.body)} />
    </article>
  );
}
