import 'server-only';
import type { z } from 'zod';
import { env } from './env';
import type { Answer } from './games';
import { PLATFORM_KEY_HEADER } from './platform-door';

/**
 * A public read of the platform (`{result: 1, data}`) outside the generated client, its data
 * checked with `schema` at the door: for the routes the committed OpenAPI document does not have
 * yet (issue 26's jackpots and winners, built at the same time). Never throws. Once `npm run
 * openapi` has them, their loaders go through lib/platform.ts like every other.
 */
export async function readPlatform<S extends z.ZodType>(
  pathAndQuery: string,
  schema: S,
  next: { revalidate: number; tags: string[] },
): Promise<Answer<z.output<S>>> {
  try {
    const response = await fetch(`${env.platformUrl}${pathAndQuery}`, {
      headers: { [PLATFORM_KEY_HEADER]: env.platformApiKey, accept: 'application/json' },
      next,
    } as RequestInit);
    const body = (await response.json().catch(() => null)) as { result?: number; data?: unknown; code?: string } | null;
    if (!response.ok || body?.result !== 1)
      return { ok: false, status: response.ok ? 502 : response.status, code: body?.code ?? 'SERVER_ERROR' };
    const parsed = schema.safeParse(body.data);
    return parsed.success ? { ok: true, data: parsed.data } : { ok: false, status: 502, code: 'SERVER_ERROR' };
  } catch {
    return { ok: false, status: 502, code: 'SERVER_ERROR' };
  }
}
