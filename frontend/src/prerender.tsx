/**
 * Build-time only (never shipped): renders the public pages a first visit most often opens to
 * HTML, as a signed-out visitor sees them, so they paint before any JavaScript has run (issue 9:
 * LCP and slow-network first paint). The vite config's prerender plugin builds this entry for
 * Node, calls `renderPage` for each page of infra/prerendered-pages.ts and writes the HTML into
 * copies of index.html; the entry (main.tsx) then hydrates that markup instead of replacing it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/App';
import { AppRoutes } from './app/routes';
import { startInLanguage } from './shared/i18n/language';

// Prerendered HTML is English; main.tsx renders other languages afresh.
startInLanguage('en');

export async function renderPage(url: string): Promise<string> {
  // Waits for the page's lazy chunk (Suspense) to resolve; data queries render their loading state.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders signedOut>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
