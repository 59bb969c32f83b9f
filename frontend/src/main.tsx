import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadPrerenderedPage } from './app/routes';
import { prefetchRouteData } from './app/prefetch';
import { queryClient } from './app/query-client';
import { registerServiceWorker } from './app/service-worker';
import { startFieldMeasurement } from './features/rum';
import { initialLanguage, startInLanguage } from './shared/i18n/language';
import { loadRegisteredCatalogs } from './shared/i18n/text';
import { RECORD_DATA_ID } from './shared/head/record-data';
import { setRenderedRecord } from './shared/useHydrated';
import './app/styles.css';

/**
 * A record's own page (a tutor's, functions/sitepages) carries the record it was rendered with: in the
 * cache before anything renders, the page hydrates filled, as its HTML shows it (useAsPrerendered).
 */
const renderedRecord = document.getElementById(RECORD_DATA_ID)?.textContent;
if (renderedRecord) {
  try {
    const { key, data } = JSON.parse(renderedRecord) as { key: unknown[]; data: unknown };
    // As old: the page's own API call (below) still brings the record as it is now.
    queryClient.setQueryData(key, data, { updatedAt: 0 });
    setRenderedRecord(key, data);
  } catch {
    // Unreadable: the page fetches the record as any other would.
  }
}

// The page's API calls start now, beside its chunk's download (no waterfall on a first visit).
prefetchRouteData(queryClient, window.location);

const language = initialLanguage();
/** The language of the HTML the server sent (a prerendered page's `<html lang>`), read before the app sets its own. */
const servedLanguage = document.documentElement.lang;
startInLanguage(language);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
/**
 * A prerendered public page (frontend/prerender-plugin.ts): its HTML is already on screen, in the
 * visitor's language (the server picks it by the language cookie or Accept-Language, as
 * initialLanguage does here). React keeps it while the page's chunk loads and takes it over in
 * place. Where this visitor's view differs (signed in, filters in the URL), React renders that
 * part afresh: expected, so not reported as an error.
 */
async function hydratePrerendered(container: HTMLElement): Promise<void> {
  if (language !== 'en') {
    // Catalogs arriving mid-hydration would update the tree before it is hydrated, and React would
    // then render it afresh: load the page's module (which declares its namespaces) and its catalogs first.
    await loadPrerenderedPage(window.location.pathname);
    await loadRegisteredCatalogs(language);
  }
  // In a transition React hydrates in slices of a few milliseconds, yielding to the browser between
  // them: a phone's main thread is never blocked for the whole page (Lighthouse's TBT).
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.info('Prerendered markup re-rendered:', error instanceof Error ? error.message : error),
    });
  });
}
const renderAfresh = (container: HTMLElement) => startTransition(() => createRoot(container).render(app));

// Storage and cookie out of step (the page came in another language): render afresh, not hydrate and replace every text.
if (root.firstElementChild && servedLanguage === language) {
  hydratePrerendered(root).catch(() => renderAfresh(root));
} else {
  renderAfresh(root);
}

registerServiceWorker();

// Real visits' page speed, measured off the first-load path (features/rum).
if (document.readyState === 'complete') startFieldMeasurement();
else window.addEventListener('load', startFieldMeasurement, { once: true });
