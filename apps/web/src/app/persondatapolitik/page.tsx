import { renderContentPage } from '@/components/content/content-page-by-slug';
import { contentPageMetadata } from '@/lib/pages';

export const revalidate = 60;
export const generateMetadata = () => contentPageMetadata('persondatapolitik');

export default function Page() {
  return renderContentPage('persondatapolitik');
}
