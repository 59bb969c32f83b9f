/**
 * A feature's index.ts only re-exports: the build treats it as free of side effects
 * (vite.config.ts, treeshake), so a page taking one component from it does not carry the rest.
 * A statement that ran code there would silently be dropped from pages that import nothing of it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const features = fileURLToPath(new URL('.', import.meta.url));
const indexes = readdirSync(features, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`${features}${entry.name}/index.ts`))
  .map((entry) => entry.name);

describe("features' index.ts", () => {
  it.each(indexes)('%s/index.ts holds re-exports only', (feature) => {
    const source = readFileSync(`${features}${feature}/index.ts`, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    const statements = source.split(';').map((s) => s.trim()).filter(Boolean);
    for (const statement of statements) expect(statement).toMatch(/^export (type )?(\{[^}]*\}|\*( as \w+)?) from '[^']+'$/);
  });
});
