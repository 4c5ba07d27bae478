import { ok } from '@/lib/api';
import { getMenu } from '@/lib/content';

export async function GET() {
  try {
    return ok({ result: 1, data: await getMenu() }, { cacheSeconds: 60 });
  } catch {
    return ok({ result: 0, data: [] });
  }
}
