/**
 * Prerendered public pages: after the client build, builds src/prerender.tsx for Node,
 * renders each page of infra/aws/prerendered-pages.ts as a signed-out visitor sees it, in each
 * language, and writes it into a copy of index.html with the page's CSS inlined (it
 * paints styled from the HTML alone: no stylesheet round trip before the first paint), its chunks preloaded and, for another language
 * than English, that language's catalogs preloaded and `<html lang>` and the description in it. The browser paints that
 * HTML before any script has run; the entry hydrates it (main.tsx). The preloading shells
 * (e.g. /tutor-profile/{id}) are the same, rendered in their loading state (one shell for every
 * record). index.html itself stays the empty shell every other path gets.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { promisify } from 'node:util';
import { build, type Plugin, type UserConfig } from 'vite';
import { PAGE_RENDERER_BUILD_DIR, PRELOADING_SHELLS, PRERENDERED_PAGES, prerenderedFile } from '../infra/aws/prerendered-pages.ts';
import { buildPageRenderer } from './page-renderer-build.ts';
import { earlyChunkPreloads, earlyChunks } from './early-chunks.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../events/shared/language.ts';
import { headInLanguage } from './src/shared/head/head.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const run = promisify(execFile);

/**
 * The page module of each prerendered path or preloading shell (its route chunk's CSS and imports are linked);
 * `callsApi: false` for a page that calls no API on a signed-out visit: it does not preload the
 * chunks of the first API calls (frontend/early-chunks.ts).
 */
const PAGES: Readonly<Record<string, { module: string; callsApi?: false }>> = {
  '/': { module: '/src/features/landing/LandingPage.tsx', callsApi: false },
  '/browse-tutors': { module: '/src/features/tutors/BrowseTutorsPage.tsx' },
  '/course-dashboard': { module: '/src/features/courses/CourseDashboardPage.tsx' },
  '/tutor-profile/': { module: '/src/features/tutors/TutorProfilePage.tsx' },
  '/courses/': { module: '/src/features/courses/CoursePage.tsx' },
  // Signing in or up calls Cognito and /config.json, not the API, on its first render.
  '/auth': { module: '/src/features/auth/AuthPage.tsx', callsApi: false },
};

/**
 * The record a preloading shell is rendered for: none is fetched at build time, so the page renders
 * its loading state (its skeleton), which is all the shell's markup says about any record.
 */
const SHELL_RECORD = 'prerender';

interface PageAssets {
  scripts: string[];
  styles: string[];
  /** Per language other than English: the catalog chunks the page's code (and the entry) may load. */
  catalogs: Record<string, string[]>;
}

/** The chunk files and CSS a page module needs, with everything it imports statically, and its catalogs. */
function pageAssets(bundle: OutputBundle, module: string): PageAssets {
  const scripts: string[] = [];
  const styles = new Set<string>();
  const add = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || scripts.includes(fileName)) return;
    scripts.push(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    chunk.imports.forEach(add);
  };
  const page = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(module));
  if (page) add(page.fileName);
  const entries = Object.values(bundle).flatMap((c) => (c.type === 'chunk' && c.isEntry ? [c.fileName] : []));
  const catalogs: Record<string, string[]> = {};
  for (const language of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
    // A catalog is a chunk of its own, e.g. features/landing/i18n/sw.json or tutors/i18n/browse.sw.json.
    const isCatalog = new RegExp(`/i18n/(?:[^/]*\\.)?${language}\\.json$`);
    catalogs[language] = [...new Set([...scripts, ...entries].flatMap((fileName) => {
      const chunk = bundle[fileName];
      return chunk?.type === 'chunk' ? chunk.dynamicImports : [];
    }))].filter((fileName) => {
      const chunk = bundle[fileName];
      return chunk?.type === 'chunk' && isCatalog.test(chunk.facadeModuleId ?? '');
    });
  }
  return { scripts, styles: [...styles], catalogs };
}

/**
 * Renders in a separate Node process that exits when done: the app's modules leave timers behind
 * (the query cache's garbage collection) that would keep the build from ending.
 */
type Rendered = Record<string, { html: string; title?: string }>;
const renderedId = (path: string, language: Language) => `${language}:${path}`;

async function renderInChildProcess(entry: string, paths: string[]): Promise<Rendered> {
  const script = `
    const { renderPage } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const out = {};
    for (const language of ${JSON.stringify(LANGUAGES)}) {
      for (const path of ${JSON.stringify(paths)}) out[language + ':' + path] = await renderPage(path, language);
    }
    process.stdout.write(JSON.stringify(out), () => process.exit(0));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(stdout) as Rendered;
}

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * A prerendered page paints its content from its HTML alone, so its scripts are not render-blocking: saying so
 * (`fetchpriority="low"`) lets the browser put what the paint needs first. They are still fetched at
 * once, in parallel, from the start of the HTML (on HTTP/2 nothing holds a low-priority request
 * back while the connection is free), and the app's own requests (the page's data) keep their
 * priority. Lighthouse's simulation counts every high-priority script that arrived before the paint
 * as blocking it; see docs/benchmarks.md.
 */
const withScriptsAtLowPriority = (html: string): string =>
  html
    .replaceAll('<script type="module" crossorigin src=', '<script type="module" crossorigin fetchpriority="low" src=')
    .replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');

/**
 * Each stylesheet of a prerendered page inlined, where it was linked: on a slow network the first
 * paint then waits for the HTML alone, not for one more round trip and the CSS behind it. The
 * link stays, disabled (never fetched), so the app's chunk loader sees the file as present and
 * does not fetch it again when the page's code arrives. The CSP allows inline styles.
 */
async function withStylesInline(html: string, outDir: string): Promise<string> {
  const styles = new Map<string, string>();
  for (const [, file] of html.matchAll(STYLESHEET_LINK)) styles.set(file!, await readFile(join(outDir, file!), 'utf8'));
  return html.replace(STYLESHEET_LINK, (link, file: string) => {
    const css = styles.get(file)!;
    if (css.includes('</style')) throw new Error(`${file} cannot be inlined: it contains </style`);
    return `<style>${css}</style>${link.replace('>', ' disabled>')}`;
  });
}

export function prerenderPublicPages(shared: Pick<UserConfig, 'resolve' | 'oxc' | 'plugins'>): Plugin {
  let outDir = '';
  let assets = new Map<string, PageAssets>();
  let early: string[] = [];
  return {
    name: 'alp:prerender-public-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      assets = new Map(Object.entries(PAGES).map(([path, { module }]) => [path, pageAssets(bundle, module)]));
      early = earlyChunks(bundle);
    },
    async writeBundle(_options, bundle) {
      const serverDir = here('../.local/prerender');
      await rm(serverDir, { recursive: true, force: true });
      await build({
        configFile: false,
        root: here('.'),
        logLevel: 'warn',
        mode: 'production',
        publicDir: false,
        ...shared,
        build: {
          ssr: here('src/prerender.tsx'),
          outDir: serverDir,
          emptyOutDir: true,
          target: 'node20',
          rolldownOptions: {
            output: { entryFileNames: 'prerender.mjs' },
            onwarn(warning, warn) {
              if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
              warn(warning);
            },
          },
        },
      });
      const renderedUrl = (path: string) => (path in PRELOADING_SHELLS ? `${path}${SHELL_RECORD}` : path);
      const pages = [...Object.entries(PRERENDERED_PAGES), ...Object.entries(PRELOADING_SHELLS)];
      const rendered = await renderInChildProcess(join(serverDir, 'prerender.mjs'), pages.map(([path]) => renderedUrl(path)));
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      for (const [path, file] of pages) {
        if (!PAGES[path]) throw new Error(`The prerender plugin's PAGES has no module for ${path}`);
        for (const language of LANGUAGES) {
          const { html: markup = '', title } = rendered[renderedId(renderedUrl(path), language)] ?? {};
          if (markup.includes('<script')) throw new Error(`Prerendering ${path} produced an inline script (the CSP forbids it)`);
          const { scripts, styles, catalogs } = assets.get(path) ?? { scripts: [], styles: [], catalogs: {} };
          let page = headInLanguage(template, language, title);
          if (PAGES[path]?.callsApi === false) page = page.replace(earlyChunkPreloads(early), '');
          const links = [
            ...styles.filter((css) => !template.includes(`/${css}"`)).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
            ...[...scripts, ...(catalogs[language] ?? [])]
              // Vite drops the chunks that only imported CSS after generateBundle: no preload of a missing file (a 404).
              .filter((js) => bundle[js] && !template.includes(`/${js}"`))
              .map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`),
          ];
          const html = page
            .replace('</head>', `${links.join('')}</head>`)
            .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
          if (!html.includes(markup)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
          const target = join(outDir, prerenderedFile(file, language));
          await mkdir(dirname(target), { recursive: true });
          const inlined = await withStylesInline(html, outDir);
          // A preloading shell (a tutor's profile) shows its content only once its scripts ran.
          await writeFile(target, path in PRELOADING_SHELLS ? inlined : withScriptsAtLowPriority(inlined));
        }
      }
      // The same renderer, self-contained, with the shells it fills: the page consumers' Lambda asset.
      await buildPageRenderer(join(serverDir, 'prerender.mjs'), outDir, here(`../${PAGE_RENDERER_BUILD_DIR}`));
    },
  };
}
