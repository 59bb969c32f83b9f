/**
 * Prerendered public pages (issue 9): after the client build, builds src/prerender.tsx for Node,
 * renders each page of infra/prerendered-pages.ts as a signed-out visitor sees it, and writes it
 * into a copy of index.html with the page's own CSS (render-blocking, so the markup paints
 * styled) and its chunks preloaded. The browser paints that HTML before any script has run; the
 * entry hydrates it (main.tsx). index.html itself stays the empty shell every other path gets.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OutputBundle } from 'rolldown';
import { promisify } from 'node:util';
import { build, type Plugin, type UserConfig } from 'vite';
import { PRERENDERED_PAGES } from '../infra/prerendered-pages.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const run = promisify(execFile);

/**
 * The page module each prerendered path renders (its route chunk's CSS and imports are linked),
 * and the tab title its useDocumentTitle sets once running.
 */
const PAGES: Readonly<Record<string, { module: string; title?: string }>> = {
  '/': { module: '/src/features/landing/LandingPage.tsx' },
  '/browse-tutors': { module: '/src/features/tutors/BrowseTutorsPage.tsx', title: 'Browse Tutors' },
};
const PRODUCT = "Africa's Learning Platform";

/** The chunk files and CSS a page module needs, with everything it imports statically. */
function pageAssets(bundle: OutputBundle, module: string): { scripts: string[]; styles: string[] } {
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
  return { scripts, styles: [...styles] };
}

/**
 * Renders in a separate Node process that exits when done: the app's modules leave timers behind
 * (the query cache's garbage collection) that would keep the build from ending.
 */
async function renderInChildProcess(entry: string, paths: string[]): Promise<Record<string, string>> {
  const script = `
    const { renderPage } = await import(${JSON.stringify(pathToFileURL(entry).href)});
    const out = {};
    for (const path of ${JSON.stringify(paths)}) out[path] = await renderPage(path);
    process.stdout.write(JSON.stringify(out), () => process.exit(0));
  `;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return JSON.parse(stdout) as Record<string, string>;
}

export function prerenderPublicPages(shared: Pick<UserConfig, 'resolve' | 'oxc' | 'plugins'>): Plugin {
  let outDir = '';
  let assets = new Map<string, { scripts: string[]; styles: string[] }>();
  return {
    name: 'alp:prerender-public-pages',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      assets = new Map(Object.entries(PAGES).map(([path, { module }]) => [path, pageAssets(bundle, module)]));
    },
    async writeBundle() {
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
      const rendered = await renderInChildProcess(join(serverDir, 'prerender.mjs'), Object.keys(PRERENDERED_PAGES));
      const template = await readFile(join(outDir, 'index.html'), 'utf8');
      for (const [path, file] of Object.entries(PRERENDERED_PAGES)) {
        const markup = rendered[path] ?? '';
        if (markup.includes('<script')) throw new Error(`Prerendering ${path} produced an inline script (the CSP forbids it)`);
        const { scripts, styles } = assets.get(path) ?? { scripts: [], styles: [] };
        let page = template;
        const title = PAGES[path]?.title;
        if (title) page = page.replace(`<title>${PRODUCT}</title>`, `<title>${title} · ${PRODUCT}</title>`);
        const links = [
          ...styles.filter((css) => !template.includes(`/${css}"`)).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
          ...scripts.filter((js) => !template.includes(`/${js}"`)).map((js) => `<link rel="modulepreload" crossorigin href="/${js}">`),
        ];
        const html = page
          .replace('</head>', `${links.join('')}</head>`)
          .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
        if (!html.includes(markup)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
        const target = join(outDir, file);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, html);
      }
    },
  };
}
