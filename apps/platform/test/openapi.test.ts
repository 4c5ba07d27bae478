import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiPath, renderOpenApi } from '../src/scripts/write-openapi.js';

describe('OpenAPI document', () => {
  it('is committed up to date, so the storefront client matches the platform (npm run openapi)', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe(await renderOpenApi());
  });

  it('documents the spec paths', async () => {
    const document = JSON.parse(await renderOpenApi());
    expect(Object.keys(document.paths)).toContain('/CMScasino/systemConfigByName');
    expect(document.openapi).toMatch(/^3\./);
  });
});
