import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiDocs } from './api-docs.js';

describe('docs/api.md', () => {
  it('matches the route table (regenerate: npx tsx infra/scripts/api-docs.ts > docs/api.md)', () => {
    expect(readFileSync('docs/api.md', 'utf8')).toBe(renderApiDocs());
  });
});
