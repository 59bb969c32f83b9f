/**
 * Chunks a page needs before its first API call, loaded by dynamic import so that the landing
 * page, which calls no API on a signed-out visit, does not download them: the typed client's
 * route table (functions/client.ts with the generated route map, loaded by `callApi`, shared/api.ts)
 * and the public tutor pages' prefetchers (features/tutors/prefetch.ts, loaded by app/prefetch.ts).
 * index.html, the shell of every page that is not prerendered, preloads them beside the entry,
 * so a first call never waits one more round trip; the prerender plugin takes the preloads out
 * of the pages that call no API (its PAGES' `callsApi: false`).
 */
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

const EARLY_MODULES = [/[\\/]functions[\\/]client\.ts$/, /[\\/]features[\\/]tutors[\\/]prefetch\.ts$/];

/** The chunk files of the early modules, e.g. ["assets/client-1a2b3c.js", …]. */
export function earlyChunks(bundle: OutputBundle): string[] {
  return EARLY_MODULES.map((module) => {
    // Not always the chunk's facade: a codeSplitting group may hold it (vite.config.ts).
    const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && !c.isEntry && c.moduleIds.some((id) => module.test(id)));
    if (!chunk) throw new Error(`The build has no chunk outside the entry for ${module}: is it imported statically somewhere?`);
    return chunk.fileName;
  });
}

export const earlyChunkPreloads = (fileNames: readonly string[]) =>
  [...new Set(fileNames)].map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`).join('');

export function preloadEarlyChunks(): Plugin {
  return {
    name: 'alp:preload-early-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace('</head>', `${earlyChunkPreloads(earlyChunks(bundle))}</head>`);
      },
    },
  };
}
