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
import { takePrerenderDescription, takePrerenderTitle } from './shared/useDocumentTitle';
import { setRenderedRecord } from './shared/useHydrated';
import { queryClient } from './app/query-client';
import type { BrowseResponse, PublicTutorProfile } from '@functions/tutors/contract';
import { subjectPageAt } from '@functions/tutors/subject-pages-catalog';
import { subjectPageFilters } from './features/tutors/browse-params';
import { browseTutorsQuery, tutorQuery } from './features/tutors/public-api';
import { paths } from './shared/paths';
import { catalogueHead, courseHead, recordPage, subjectHead, tutorHead } from './shared/head/record-head';
import type { CatalogueResponse, CourseDetail } from '@functions/courses/contract';
import { catalogueQuery, courseQuery } from './features/courses/api';
import { filtersFromParams } from './features/courses/catalogue-params';
import { setRenderOrigin } from './shared/site-origin';

startInLanguage('en');

/**
 * A tutor's own page (functions/sitepages, in Lambda and in the rebuild script): the profile rendered
 * filled with `tutor` (what GET /api/tutors/{id} answers) by the same components the SPA hydrates, in
 * `shell` (the built preloading shell of /tutor-profile/ in `language`: its CSS and chunk preloads),
 * with the tutor's head and the record for the SPA to hydrate with. `shareImage`: the path of the page's
 * drawn link preview (og:image), when one was drawn.
 */
export async function renderTutorPage(tutor: PublicTutorProfile, language: Language, shell: string, origin: string, shareImage?: string): Promise<string> {
  const { queryKey } = tutorQuery(tutor.id);
  queryClient.setQueryData(queryKey, tutor);
  setRenderedRecord(queryKey, tutor);
  setRenderOrigin(origin);
  try {
    const { html } = await renderPage(paths.tutorProfile(tutor.id), language);
    if (html.includes('<script')) throw new Error('Rendering a tutor page produced an inline script (the CSP forbids it)');
    return recordPage(shell, { language, head: tutorHead(tutor, language, origin, shareImage), markup: html, record: { key: queryKey, data: tutor } });
  } finally {
    // A warm Lambda renders the next tutor with nothing of this one left in the cache.
    setRenderedRecord(undefined);
    queryClient.clear();
  }
}

/**
 * A published course's own page (functions/sitepages): the course page rendered filled with `course`
 * (what GET /api/courses/{id} answers) in `shell` (the preloading shell of /courses/ in `language`).
 */
export async function renderCoursePage(course: CourseDetail, language: Language, shell: string, origin: string, shareImage?: string): Promise<string> {
  const { queryKey } = courseQuery(course.id);
  return renderWithRecord(paths.course(course.id), language, queryKey, course, (html) =>
    recordPage(shell, { language, head: courseHead(course, language, origin, shareImage), markup: html, record: { key: queryKey, data: course } }), origin);
}

/**
 * The course catalogue (/course-dashboard) with its first page of published courses (what GET
 * /api/courses answers without filters) in its HTML; `template`: the page's build-time file in `language`.
 */
export async function renderCourseDashboard(firstPage: CatalogueResponse, language: Language, template: string, origin: string): Promise<string> {
  // The key the page asks under when its address has no filters.
  const { queryKey } = catalogueQuery(filtersFromParams(new URLSearchParams()));
  const data = { pages: [firstPage], pageParams: [undefined] };
  return renderWithRecord(paths.courses, language, queryKey, data, (html, title) =>
    recordPage(template, { language, head: catalogueHead(firstPage, language, origin, title ?? 'Courses'), markup: html, record: { key: queryKey, data } }), origin);
}

/**
 * A subject or grade page (`path`: /tutors/{slug}[/{grade}]) with its first page of tutors (what GET
 * /api/tutors answers for its filters) in its HTML, or its empty state; `template`: the browse page's
 * build-time file in `language` (the same cards, CSS and chunks).
 */
export async function renderSubjectPage(path: string, firstPage: BrowseResponse, language: Language, template: string, origin: string): Promise<string> {
  const page = subjectPageAt(path);
  if (!page) throw new Error(`${path} is no subject page`);
  const { queryKey } = browseTutorsQuery(subjectPageFilters(page));
  const data = { pages: [firstPage], pageParams: [undefined] };
  return renderWithRecord(path, language, queryKey, data, (html, title, description) =>
    recordPage(template, {
      language, markup: html, record: { key: queryKey, data },
      head: subjectHead(path, firstPage.tutors, language, origin, { title: title ?? 'Tutors', description: description ?? '' }),
    }), origin);
}

async function renderWithRecord(
  url: string, language: Language, key: readonly unknown[], data: unknown, page: (html: string, title?: string, description?: string) => string, origin: string,
): Promise<string> {
  queryClient.setQueryData(key, data);
  setRenderedRecord(key, data);
  setRenderOrigin(origin);
  try {
    const { html, title, description } = await renderPage(url, language);
    if (html.includes('<script')) throw new Error(`Rendering ${url} produced an inline script (the CSP forbids it)`);
    return page(html, title, description);
  } finally {
    setRenderedRecord(undefined);
    queryClient.clear();
  }
}

export async function renderPage(url: string, language: Language): Promise<{ html: string; title?: string; description?: string }> {
  await switchLanguage(language, { remember: false });
  takePrerenderTitle();
  takePrerenderDescription();
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
  const description = takePrerenderDescription();
  return { html: await new Response(prelude).text(), title: takePrerenderTitle(), ...(description ? { description } : {}) };
}
