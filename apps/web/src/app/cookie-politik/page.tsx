import { renderContentPage } from '@/components/content/content-page-by-slug';
import { contentPageMetadata } from '@/lib/pages';

export const revalidate = 60;
export const generateMetadata = () => contentPageMetadata('cookie-politik');

export default function Page() {
  return renderContentPage('cookie-politik');
}
