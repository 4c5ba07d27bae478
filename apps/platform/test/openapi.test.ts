import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiPath, renderOpenApiDocuments, staffOpenApiPath } from '../src/scripts/write-openapi.js';

describe('OpenAPI documents', () => {
  const documents = renderOpenApiDocuments();

  it('are committed up to date, so the storefront’s and the back office’s clients match the platform (npm run openapi)', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe((await documents).storefront);
    expect(readFileSync(staffOpenApiPath, 'utf8')).toBe((await documents).staff);
  });

  it('documents the spec paths for the storefront, and the staff door’s apart from them', async () => {
    const storefront = JSON.parse((await documents).storefront);
    const staff = JSON.parse((await documents).staff);
    expect(Object.keys(storefront.paths)).toContain('/CMScasino/systemConfigByName');
    expect(storefront.openapi).toMatch(/^3\./);
    expect(Object.keys(storefront.paths).filter((path) => path.startsWith('/Staff'))).toEqual([]);
    expect(Object.keys(staff.paths)).toContain('/Staff/players/{playerId}');
    expect(Object.keys(staff.paths).every((path) => path.startsWith('/Staff'))).toBe(true);
  });
});
