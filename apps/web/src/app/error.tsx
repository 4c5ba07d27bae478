'use client';

import { ErrorView } from '@/components/error-view';
import { useTexts } from '@/components/texts-context';

/** Any other error prints its text under the same page (spec §2); internals stay on the server. */
export default function ErrorPage({ error }: { error: Error & { digest?: string } }) {
  const texts = useTexts();
  const text = error.digest ? `${texts['validation.server_error'] ?? 'Fejl'} (${error.digest})` : error.message;
  return (
    <ErrorView
      notFound={false}
      title={texts['modal.error_404_title'] ?? '404'}
      subtitle={texts['modal.error_subtitle'] ?? ''}
      button={texts['modal.error_button'] ?? '/'}
      errorText={text}
    />
  );
}
