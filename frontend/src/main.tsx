import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchRouteData } from './app/prefetch';
import { queryClient } from './app/query-client';
import { registerServiceWorker } from './app/service-worker';
import './app/styles.css';

// The page's API calls start now, beside its chunk's download (no waterfall on a first visit).
prefetchRouteData(queryClient, window.location);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();
