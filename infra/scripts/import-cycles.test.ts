import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('import loops', () => {
  it('there are none in functions/, events/ and infra/', () => {
    expect(findImportCycles(root, ['functions', 'events', 'infra'])).toEqual([]);
  });

  describe('on a made-up tree', () => {
    let dir: string;
    const tree = (files: Record<string, string>) => {
      dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      return findImportCycles(dir, ['functions']);
    };
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses two modules importing each other, even for a type only', () => {
      expect(tree({
        'functions/routes.ts': "import { bookingsRoutes } from './bookings/routes.js';\nexport type RouteDef = { path: string };\nexport const routes = { ...bookingsRoutes };\n",
        'functions/bookings/routes.ts': "import type { RouteDef } from '../routes.js';\nexport const bookingsRoutes: Record<string, RouteDef> = {};\n",
      })).toEqual([['functions/bookings/routes.ts', 'functions/routes.ts']]);
    });

    it('refuses a longer loop through an index, a re-export and a dynamic import', () => {
      expect(tree({
        'functions/a/service.ts': "export { b } from '../b';\n",
        'functions/b/index.ts': "export const b = () => import('../c/service.js');\n",
        'functions/c/service.ts': "import { a } from '../a/service';\nexport const c = a;\n",
        'functions/d/service.ts': "import { c } from '../c/service.js';\nexport const d = c;\n",
      })).toEqual([['functions/a/service.ts', 'functions/b/index.ts', 'functions/c/service.ts']]);
    });

    it('lets imports that go one way through, whatever the fan-in', () => {
      expect(tree({
        'functions/shared/route-def.ts': 'export type RouteDef = { path: string };\n',
        'functions/bookings/routes.ts': "import type { RouteDef } from '../shared/route-def.js';\nexport const bookingsRoutes: Record<string, RouteDef> = {};\n",
        'functions/routes.ts': "import { bookingsRoutes } from './bookings/routes.js';\nimport type { RouteDef } from './shared/route-def.js';\nexport const routes: Record<string, RouteDef> = { ...bookingsRoutes };\n",
        'functions/bookings/service.ts': "import 'zod';\nexport const s = 1;\n",
      })).toEqual([]);
    });
  });
});
