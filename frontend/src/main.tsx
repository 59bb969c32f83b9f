import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchRouteData } from './app/prefetch';
import { queryClient } from './app/query-client';
import { registerServiceWorker } from './app/service-worker';
import { initialLanguage, startInLanguage } from './shared/i18n/language';
import './app/styles.css';

// The page's API calls start now, beside its chunk's download (no waterfall on a first visit).
prefetchRouteData(queryClient, window.location);

const language = initialLanguage();
startInLanguage(language);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Prerendered pages are English: another language renders afresh (the English stays on screen
// until its catalogs are in), rather than hydrating and then replacing every text.
if (root.firstElementChild && language === 'en') {
  // A prerendered public page (frontend/prerender-plugin.ts): its HTML is already on screen.
  // React keeps it while the page's chunk loads and takes it over in place. Where this visitor's
  // view differs (signed in, filters in the URL), React renders that part afresh: expected, so
  // not reported as an error.
  hydrateRoot(root, app, {
    onRecoverableError: (error) => console.info('Prerendered markup re-rendered:', error instanceof Error ? error.message : error),
  });
} else {
  createRoot(root).render(app);
}

registerServiceWorker();
