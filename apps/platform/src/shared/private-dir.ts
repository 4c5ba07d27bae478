import { chmod, mkdir } from 'node:fs/promises';

/**
 * A folder only the platform's user may enter (0700), made at the first call and then known to be
 * there; a failed attempt is tried again at the next call. For the stores that keep files of their
 * own on disk (documents, audit seals), so that merely starting (or rendering the OpenAPI
 * document) touches no disk.
 */
export function privateDirOnce(dir: string): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () =>
    (ready ??= (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await chmod(dir, 0o700);
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
}
