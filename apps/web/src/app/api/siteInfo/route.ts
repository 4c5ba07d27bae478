import { fail, ok } from '@/lib/api';
import { getDocument } from '@/lib/content';
import { checkSiteInfoHeaders, siteInfoKey } from '@/lib/site-info-signature';

/** Site information for pages that sign their request (x-api-key over x-timestamp). */
export async function GET(request: Request) {
  const check = await checkSiteInfoHeaders(siteInfoKey(), request.headers.get('x-api-key'), request.headers.get('x-timestamp'));
  if (check !== 'ok') return fail(401, `SITE_INFO_${check.toUpperCase()}`, 'validation.forbidden');
  try {
    return ok({ result: 1, data: await getDocument('siteInfo') });
  } catch {
    return ok({ result: 0, data: {} });
  }
}

/** The methods this route does not serve: 405 in our shape (lib/api.ts). */
export { methodNotAllowed as POST, methodNotAllowed as PUT, methodNotAllowed as PATCH, methodNotAllowed as DELETE } from '@/lib/api';
