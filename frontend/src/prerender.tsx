/**
 * Build-time only (never shipped): renders the public pages a first visit most often opens to
 * HTML, as a signed-out visitor sees them, in every language, so they paint before any JavaScript
 * has run (LCP and slow-network first paint; a Kiswahili visitor never sees
 * English first). The vite config's prerender plugin builds this entry for Node, calls
 * `renderPage` for each page of infra/aws/prerendered-pages.ts and language, and writes the HTML into
 * copies of index.html; the entry (main.tsx) then hydrates that markup instead of replacing it.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from './app/App';
import { AppRoutes } from './app/routes';
import type { Language } from '@events/shared/language';
import { startInLanguage, switchLanguage } from './shared/i18n/language';
import { takePrerenderTitle } from './shared/useDocumentTitle';

startInLanguage('en');

export async function renderPage(url: string, language: Language): Promise<{ html: string; title?: string }> {
  await switchLanguage(language, { remember: false });
  takePrerenderTitle();
  // Waits for the page's lazy chunk and its catalogs (Suspense); data queries render their loading state.
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders signedOut>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { html: await new Response(prelude).text(), title: takePrerenderTitle() };
}
