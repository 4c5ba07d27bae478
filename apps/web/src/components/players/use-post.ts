'use client';

import { useState } from 'react';

export interface PostAnswer {
  ok: boolean;
  status: number;
  body: { result?: number; code?: string; message?: string; fields?: Record<string, string>; data?: unknown };
}

/** POSTs JSON to one of the storefront's own /api calls; the button shows its loading state meanwhile. */
export function usePost() {
  const [busy, setBusy] = useState(false);
  async function post(url: string, body: unknown): Promise<PostAnswer> {
    setBusy(true);
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await response.json().catch(() => ({}))) as PostAnswer['body'];
      return { ok: response.ok && json.result === 1, status: response.status, body: json };
    } catch {
      return { ok: false, status: 0, body: { code: 'NETWORK_ERROR' } };
    } finally {
      setBusy(false);
    }
  }
  return { busy, post };
}
