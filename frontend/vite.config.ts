/**
 * SPA build. Run from the repository root:
 *   npx vite build --config frontend/vite.config.ts
 *   npx vite --config frontend/vite.config.ts           (dev server, proxies to the local gateway)
 * No React plugin: Vite 8's built-in oxc transform compiles TSX (automatic JSX runtime).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyChunks, preloadEarlyChunks } from './early-chunks.ts';
import { compileMessageCatalogs } from './i18n-plugin.ts';
import { prerenderPublicPages } from './prerender-plugin.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The local gateway (infra/local) serves the API, the Cognito proxy and /config.json. */
const gateway = 'http://localhost:3000';
const proxy = {
  '/api': { target: gateway, changeOrigin: false },
  '/cognito': { target: gateway, changeOrigin: false },
  '/config.json': { target: gateway, changeOrigin: false },
};

/** Theme of the installed app: the header teal of the favicon and index.html's theme-color. */
const THEME_COLOUR = '#0f766e';

/** Pages anyone opens signed out: precached with everything they import statically. */
const PUBLIC_PAGES = [
  '/src/features/landing/LandingPage.tsx',
  '/src/features/tutors/BrowseTutorsPage.tsx',
  '/src/features/tutors/TutorProfilePage.tsx',
  '/src/features/auth/AuthPage.tsx',
  '/src/app/NotFoundPage.tsx',
];

/**
 * The files the service worker precaches: the entry (the shell) and the public pages, each with
 * its static imports and CSS. Signed-in pages and Amplify are not (a signed-out visitor never
 * downloads Amplify, docs/architecture.md); the worker keeps each of them once it is used.
 */
function publicShellFiles(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'alp:public-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const add = (fileName: string) => {
        const chunk = bundle[fileName];
        if (files.has(fileName) || !chunk) return;
        files.add(fileName);
        if (chunk.type !== 'chunk') return;
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        chunk.imports.forEach(add);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        if (chunk.isEntry || PUBLIC_PAGES.some((page) => chunk.facadeModuleId?.endsWith(page))) add(chunk.fileName);
      }
      // What public pages load before their first API call (frontend/early-chunks.ts).
      earlyChunks(bundle).forEach(add);
    },
  };
  return { plugin, files };
}
const shell = publicShellFiles();

/**
 * Installable app: the web manifest, and the service worker of src/sw.ts with the list
 * of files to precache injected (index.html, offline.html, the manifest's small icon and the
 * public shell above: about 165 KB gzip, mostly what the first page loaded already, so the HTTP cache
 * answers; fetched once per deploy, after the first page has loaded).
 * The app registers the worker itself (app/service-worker.ts): the plugin's register script would
 * be one more request or an inline script, which the CSP forbids.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  manifest: {
    id: '/',
    name: "Africa's Learning Platform",
    short_name: 'ALP Learn',
    description: 'Find KYC-verified tutors, book and pay for one-on-one lessons, and learn with AI games and courses.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    categories: ['education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The plugin adds the manifest and its icons itself.
    globPatterns: ['**/*.{js,css,html}'],
    // The page the classroom's Leave lands on (functions/live/left-page.ts) is only ever used online.
    globIgnores: ['live-left.*', 'pages/**'],
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.files.has(entry.url)),
        warnings: [],
      }),
    ],
    // Hashed names change with their content: no revision needed. index.html and offline.html get one.
    dontCacheBustURLsMatching: /^assets\//,
  },
});

/** What the app's source needs to compile, for the browser build and the prerender's Node build. */
const source = {
  plugins: [compileMessageCatalogs()],
  resolve: {
    alias: {
      '@functions': here('../functions'),
      '@events': here('../events'),
    },
  },
  oxc: {
    jsx: { runtime: 'automatic' as const, importSource: 'react' },
  },
};

/**
 * React Router 7's package exports resolve to its development build in every bundle, with its dev
 * warnings (remix-run/react-router#14102); the browser build takes the production files it ships
 * beside them. The dev server and the prerender's Node build keep the development ones.
 */
const routerProductionBuild = [
  { find: /^react-router$/, replacement: here('../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: here('../node_modules/react-router/dist/production/dom-export.mjs') },
];

/**
 * A feature's index.ts: its re-exports to the other features, nothing else
 * (features/feature-index.test.ts), so it has no side effects to keep.
 */
const FEATURE_INDEX = /[\\/]frontend[\\/]src[\\/]features[\\/][\w-]+[\\/]index\.ts$/;

export default defineConfig(({ command }) => ({
  root: here('.'),
  ...source,
  resolve: {
    alias: [
      ...Object.entries(source.resolve.alias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? routerProductionBuild : []),
    ],
  },
  plugins: [...source.plugins, shell.plugin, preloadEarlyChunks(), pwa, prerenderPublicPages(source)],
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    // Phones on slow networks: no source maps shipped, modern syntax only.
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // React, the router, TanStack Query and Lingui in one long-cached chunk: a deploy of app code
        // doesn't make returning visitors re-download them. (Without it Rolldown also splits
        // the entry into several small shared chunks, about 1 KB gzip more on every first load.)
        codeSplitting: {
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@lingui)[\\/]/ }],
        },
      },
      treeshake: {
        // A feature's index.ts only re-exports (features meet through it): a page that takes one
        // component from it does not also carry the feature's other components and their texts.
        // Everything else keeps Rolldown's own side-effect analysis (CSS imports stay).
        moduleSideEffects: (id) => !FEATURE_INDEX.test(id),
      },
      onwarn(warning, warn) {
        // React Router and TanStack Query mark modules "use client"; meaningless in an SPA bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: { proxy },
  preview: { proxy },
}));
