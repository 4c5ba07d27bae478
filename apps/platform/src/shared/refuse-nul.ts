import fp from 'fastify-plugin';
import { fail } from './errors.js';

/** True when a string, or any key or string inside an array or object, holds a NUL character. */
export function holdsNul(value: unknown): boolean {
  // A walk with its own stack: a JSON body within the body limit can nest tens of thousands deep.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      stack.push(...next);
    } else if (next && typeof next === 'object') {
      for (const [key, child] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * Refuses any request whose path, query or JSON body carries a NUL character, before validation:
 * no text of ours has one, and PostgreSQL cannot store one in a text column (it would answer the
 * write with an error, a 500, instead of the sender's 400).
 */
export const refuseNulPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw fail('INVALID_INPUT');
  });
});
