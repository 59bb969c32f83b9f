/**
 * A subject landing page (/tutors/mathematics, /tutors/kcse-chemistry, /tutors/kcse-chemistry/844-form-4):
 * the tutors of one subject (and exam curriculum, or grade) with a title and meta description of its own, in the visitor's language,
 * for search engines (listed in /sitemaps/static.xml) and for the landing page's subject links.
 * Its HTML, with the first page of its tutors, is rendered when a tutor on it changes
 * (functions/sitepages/subject-service.ts); the page hydrates with that listing (useAsPrerendered).
 */
import { useEffect, useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { gradePageOf, gradePagesOf, subjectPageBySlug, type GradePage, type SubjectPage } from '@functions/tutors/subject-pages-catalog';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { rememberPrerenderDescription, useDocumentTitle } from '../../shared/useDocumentTitle';
import { useAsPrerendered } from '../../shared/useHydrated';
import { PublicPage } from './components';
import { TutorCard } from './BrowseTutorsPage';
import { subjectPageFilters } from './browse-params';
import { browseTutorsQuery } from './public-api';
import { useSubjectName } from './subjects/text';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useSubjectPageText } from './subject-page/text';
import './tutors.css';

/** Sets the page's meta description while it is shown (search engines and link previews read it). */
function useMetaDescription(text: string): void {
  rememberPrerenderDescription(text);
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const before = meta.content;
    meta.content = text;
    return () => { meta.content = before; };
  }, [text]);
}

export function SubjectTutorsPage() {
  const { slug = '', grade } = useParams();
  const page = grade === undefined ? subjectPageBySlug(slug) : gradePageOf(slug, grade);
  const t = useSubjectPageText();
  if (!page) return <SubjectNotFound />;
  return <SubjectTutors key={`${page.slug}/${grade ?? ''}`} page={page} t={t} />;
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

const isGradePage = (page: SubjectPage | GradePage): page is GradePage => 'grade' in page;

function SubjectTutors({ page, t }: { page: SubjectPage | GradePage; t: ReturnType<typeof useSubjectPageText> }) {
  const subjectName = useSubjectName();
  const language = useActiveLanguage();
  const grade = isGradePage(page) ? page.grade : undefined;
  const values = {
    subject: subjectName(page.subject), ...(page.exam ? { exam: page.exam.exam } : {}), ...(grade ? { grade: grade.label[language] } : {}),
  };
  const kind = grade ? 'Grade' : page.exam ? 'Exam' : '';
  const title = t(`title${kind}`, values);
  const description = t(`description${kind}`, values);
  useDocumentTitle(title);
  useMetaDescription(description);
  const listing = browseTutorsQuery(subjectPageFilters({ ...page, ...(grade ? { grade } : {}) }));
  // As its rendered HTML shows it while it hydrates (the first page of tutors, or loading without one).
  const query = useAsPrerendered(useInfiniteQuery(listing), listing.queryKey);
  const tutors = query.data?.pages.flatMap((p) => p.tutors) ?? [];
  const resultsId = useId();
  const narrower = grade ? `&grade=${encodeURIComponent(grade.id)}` : page.exam ? `&curriculum=${encodeURIComponent(page.exam.curriculum)}` : '';
  const browseLink = `${paths.browse({ subject: page.subject })}${narrower}`;
  // An exam page links its grade pages (and a grade page its neighbours): how a parent, and a crawler, finds them.
  const grades = page.exam ? gradePagesOf(page) : [];

  return (
    <PublicPage>
      <header className="page-intro">
        <h1>{title}</h1>
        <p className="muted">{description}</p>
        <Link to={browseLink}>{t('browseAll')}</Link>
        {grades.length > 0 && (
          <nav aria-label={t('byGrade')} className="grade-links">
            <span className="muted">{t('byGrade')}:</span>{' '}
            <ul role="list">
              {grades.map((g) => (
                <li key={g.grade.id}>
                  <Link to={paths.gradeTutors(g.slug, g.grade.id)} aria-current={g.grade.id === grade?.id ? 'page' : undefined}>{g.grade.label[language]}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
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
