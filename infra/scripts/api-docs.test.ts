import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDocs, renderOpenApi, renderRouteMap } from './api-docs.js';

describe('generated API docs (regenerate: npx tsx infra/scripts/api-docs.ts)', () => {
  it('docs/api.md matches the route table', () => {
    expect(readFileSync('docs/api.md', 'utf8')).toBe(renderApiDocs());
  });

  it('docs/openapi.json matches the route table and contracts', () => {
    expect(readFileSync('docs/openapi.json', 'utf8')).toBe(renderOpenApi());
  });

  it('functions/route-map.ts (the typed client\'s paths) matches the route table', () => {
    expect(readFileSync('functions/route-map.ts', 'utf8')).toBe(renderRouteMap());
  });
});
