/**
 * The page renderer as a Lambda asset (docs/decisions/2026-11-29-renderer-asset.md): the prerender
 * plugin's Node build of src/prerender.tsx (its Lingui catalogs compiled, its CSS imports dropped by
 * Vite) bundled once more by esbuild with every package it imports (react, react-dom,
 * react-router, TanStack Query, Lingui, zod …), so it runs with plain `node` and no node_modules,
 * beside the shells it fills. The CDK stack copies this folder into the page consumers' assets
 * (infra/aws/constructs/events.ts); it is never uploaded to the web bucket (server code is not public).
 *
 * Split into chunks as the SPA is: a cold start loads the entry and what it imports statically
 * (React, the router, the query cache, the app's shell); each page's chunk loads when it is first
 * rendered, so the routes the renderer never renders cost disk, not start-up time.
 */
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { PAGE_RENDERER_ENTRY, PAGE_RENDERER_SHELLS } from '../infra/aws/prerendered-pages.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** As every Lambda bundle (infra/aws/constructs/function.ts): CommonJS dependencies that `require` Node built-ins get a `require`. */
const ESM_REQUIRE_BANNER =
  "import { createRequire as __alpCreateRequire } from 'node:module'; const require = __alpCreateRequire(import.meta.url);";

/**
 * `serverEntry`: the Vite SSR build's prerender.mjs; `webDist`: the client build holding the shells;
 * `outDir`: emptied, then the renderer (PAGE_RENDERER_ENTRY and chunks/) and pages/ written into it.
 */
export async function buildPageRenderer(serverEntry: string, webDist: string, outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: { [PAGE_RENDERER_ENTRY.replace(/\.mjs$/, '')]: serverEntry },
    bundle: true,
    splitting: true,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: { js: ESM_REQUIRE_BANNER },
    // React's and the router's production builds: no development warnings in a Lambda's logs.
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: {
      'react-router': here('../node_modules/react-router/dist/production/index.mjs'),
      'react-router/dom': here('../node_modules/react-router/dist/production/dom-export.mjs'),
    },
  });
  for (const file of PAGE_RENDERER_SHELLS) {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await copyFile(join(webDist, file), join(outDir, file));
  }
}
