import type { Metadata } from 'next';
import { ErrorView } from '@/components/error-view';
import { getTranslator } from '@/lib/content';

export const metadata: Metadata = { title: '404', robots: { index: false } };

export default async function NotFound() {
  const t = await getTranslator();
  return (
    <ErrorView
      notFound
      title={t('modal.error_404_title')}
      subtitle={t('modal.error_subtitle')}
      button={t('modal.error_button')}
      errorText={t('modal.error_404_text')}
    />
  );
}
