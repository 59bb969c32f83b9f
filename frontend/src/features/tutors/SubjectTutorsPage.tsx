/**
 * A subject landing page (/tutors/mathematics, /tutors/kcse-chemistry): the tutors of one subject
 * (and exam curriculum) with a title and meta description of its own, in the visitor's language,
 * for search engines (listed in /sitemaps/static.xml) and for the landing page's subject links.
 * An SPA route: the title and description are set when it renders (not prerendered).
 */
import { useEffect, useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { subjectPageBySlug, type SubjectPage } from '@functions/tutors/subject-pages-catalog';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PublicPage } from './components';
import { TutorCard } from './BrowseTutorsPage';
import { NO_FILTERS, type BrowseFilters } from './browse-params';
import { browseTutorsQuery } from './public-api';
import { useSubjectName } from './subjects/text';
import { useSubjectPageText } from './subject-page/text';
import './tutors.css';

/** Sets the page's meta description while it is shown (search engines and link previews read it). */
function useMetaDescription(text: string): void {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = text;
    return () => { meta.content = before; };
  }, [text]);
}

export function SubjectTutorsPage() {
  const { slug = '' } = useParams();
  const page = subjectPageBySlug(slug);
  const t = useSubjectPageText();
  if (!page) return <SubjectNotFound />;
  return <SubjectTutors key={page.slug} page={page} t={t} />;
}

function SubjectNotFound() {
  const t = useSubjectPageText();
  useDocumentTitle(t('notFound.title'));
  return (
    <PublicPage>
      <StateCard heading="h1" title={t('notFound.title')} text={t('notFound.text')}>
        <Link to={paths.browse()} className={buttonClass('primary')}>{t('browseAll')}</Link>
      </StateCard>
    </PublicPage>
  );
}

function SubjectTutors({ page, t }: { page: SubjectPage; t: ReturnType<typeof useSubjectPageText> }) {
  const subjectName = useSubjectName();
  const values = { subject: subjectName(page.subject), ...(page.exam ? { exam: page.exam.exam } : {}) };
  const title = t(page.exam ? 'titleExam' : 'title', values);
  const description = t(page.exam ? 'descriptionExam' : 'description', values);
  useDocumentTitle(title);
  useMetaDescription(description);
  const filters: BrowseFilters = { ...NO_FILTERS, subject: page.subject, curriculum: page.exam?.curriculum ?? '' };
  const query = useInfiniteQuery(browseTutorsQuery(filters));
  const tutors = query.data?.pages.flatMap((p) => p.tutors) ?? [];
  const resultsId = useId();
  const browseLink = `${paths.browse({ subject: page.subject })}${page.exam ? `&curriculum=${encodeURIComponent(page.exam.curriculum)}` : ''}`;

  return (
    <PublicPage>
      <header className="page-intro">
        <h1>{title}</h1>
        <p className="muted">{description}</p>
        <Link to={browseLink}>{t('browseAll')}</Link>
      </header>
      <section aria-labelledby={resultsId}>
        <h2 id={resultsId} className="visually-hidden">{t('results')}</h2>
        <QueryState
          query={query}
          loading={<p role="status">{t('loading')}</p>}
          error={{ title: t('error.title'), text: t('error.text') }}
          empty={{ when: () => tutors.length === 0, show: <StateCard title={t('empty.title')} text={t('empty.text')} /> }}
        >
          {() => (
            <>
              <ul className="tutor-grid" role="list">
                {tutors.map((tutor) => <li key={tutor.id}><TutorCard tutor={tutor} /></li>)}
              </ul>
              {query.hasNextPage && (
                <div className="load-more">
                  <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>{t('loadMore')}</Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      </section>
    </PublicPage>
  );
}
