/**
 * /course-dashboard: published courses newest first, category buttons, a
 * search box and More Filters (subject, level, free/paid, duration), all kept in the URL; pages
 * behind "Load more". Open to everyone, and prerendered: its HTML shows the heading,
 * the filters and skeleton cards until the app takes it over.
 */
import { actsAsStudent } from '@functions/auth/roles-catalog';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, DURATION_BANDS, type DurationBand } from '@functions/courses/catalog';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { SearchField, SelectField, useSearchDraft } from '../../shared/ui/fields';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useFilterParams } from '../../shared/useFilterParams';
import { useAsPrerendered } from '../../shared/useHydrated';
import { useViewer } from '../auth';
import { PublicPage } from '../tutors';
import { catalogueQuery } from './api';
import { useCatalogueText } from './catalogue-text';
import { filtersFromParams, moreFiltersCount, NO_FILTERS, withFilters, type CatalogueFilters } from './catalogue-params';
import { CourseCard } from './CourseCard';
import { ExamPacks } from './ExamPacks';
import { useCoursesText } from './text';
import '../../shared/ui/skeleton.css';
import './courses.css';

/** Thumbnails of the first cards load at once: one of them is the page's largest paint on a phone. */
const EAGER_THUMBNAILS = 2;
/** Enough placeholder cards to fill a phone's screen and two rows on a desktop, so the list's arrival moves nothing in view. */
const SKELETON_CARDS = 6;

export function CourseDashboardPage() {
  const t = useCatalogueText();
  const labels = useCoursesText();
  useDocumentTitle(t('title'));
  const [params, setParams] = useFilterParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const setFilter = (change: Partial<CatalogueFilters>) => setParams((p) => withFilters(p, change));
  const [draft, setDraft] = useSearchDraft(filters.q, (q) => setFilter({ q }));
  const [moreOpen, setMoreOpen] = useState(moreFiltersCount(filters) > 0);

  // The build's HTML shows skeleton cards: so does the hydrating render, even if the courses
  // (fetched by the entry) are already here; the next render shows them. The HTML rendered with the
  // first page of courses (functions/sitepages) hydrates filled, for the address without filters.
  const query = useAsPrerendered(useInfiniteQuery({ ...catalogueQuery(filters), placeholderData: keepPreviousData }), catalogueQuery(filters).queryKey);
  const courses = useMemo(() => query.data?.pages.flatMap((p) => p.courses) ?? [], [query.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: draft });
  };
  const more = moreFiltersCount(filters);
  // Only the dashboard the viewer can open (a visitor or an administrator gets none here).
  const viewer = useViewer();
  const role = viewer.kind === 'user' ? viewer.role : undefined;

  return (
    <PublicPage>
      <div className="page-intro">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
      </div>

      <div className="course-categories" role="group" aria-label={t('category.label')}>
        {[['', t('category.all')] as const, ...COURSE_CATEGORIES.map((c) => [c, labels(`category.${c}`)] as const)].map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={buttonClass(filters.category === value ? 'primary' : 'secondary', 'sm')}
            aria-pressed={filters.category === value}
            onClick={() => setFilter({ category: value })}
          >
            {label}
          </button>
        ))}
      </div>

      <form role="search" className="card course-search" onSubmit={submit} aria-label={t('search.label')}>
        <SearchField
          id="course-search"
          label={t('search.field')}
          className="course-search-box"
          placeholder={t('search.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button variant="secondary" aria-expanded={moreOpen} aria-controls="course-more-filters" onClick={() => setMoreOpen(!moreOpen)}>
          {t('more', { count: more })}
        </Button>
        {moreOpen && (
          <div id="course-more-filters" className="course-more-filters">
            <SelectField id="course-subject" label={t('filter.subject')} value={filters.subject} onChange={(e) => setFilter({ subject: e.target.value as CatalogueFilters['subject'] })}>
              <option value="">{t('filter.allSubjects')}</option>
              {COURSE_SUBJECTS.map((s) => <option key={s} value={s}>{labels(`subject.${s}`)}</option>)}
            </SelectField>
            <SelectField id="course-level" label={t('filter.level')} value={filters.level} onChange={(e) => setFilter({ level: e.target.value as CatalogueFilters['level'] })}>
              <option value="">{t('filter.allLevels')}</option>
              {COURSE_LEVELS.map((l) => <option key={l} value={l}>{labels(`level.${l}`)}</option>)}
            </SelectField>
            <SelectField id="course-price" label={t('filter.price')} value={filters.price} onChange={(e) => setFilter({ price: e.target.value as CatalogueFilters['price'] })}>
              <option value="">{t('filter.anyPrice')}</option>
              <option value="free">{t('filter.free')}</option>
              <option value="paid">{t('filter.paid')}</option>
            </SelectField>
            <SelectField id="course-duration" label={t('filter.duration')} value={filters.duration} onChange={(e) => setFilter({ duration: e.target.value as CatalogueFilters['duration'] })}>
              <option value="">{t('filter.anyDuration')}</option>
              {(Object.keys(DURATION_BANDS) as DurationBand[]).map((d) => <option key={d} value={d}>{t(`duration.${d}`)}</option>)}
            </SelectField>
          </div>
        )}
      </form>

      <p className="visually-hidden" aria-live="polite">
        {query.isPending ? t('loading') : query.isSuccess ? t('shown', { count: courses.length }) : ''}
      </p>
      <QueryState
        query={query}
        loading={<CardSkeletons />}
        error={{ title: t('error.title'), text: t('error.text') }}
        empty={{
          when: () => courses.length === 0 && !query.hasNextPage,
          show: (
            <StateCard title={t('empty.title')} text={t('empty.text')}>
              <Button variant="secondary" onClick={() => { setDraft(''); setParams(() => withFilters(new URLSearchParams(), NO_FILTERS)); }}>
                {t('empty.clear')}
              </Button>
            </StateCard>
          ),
        }}
      >
        {() => (
          <>
            <ul className={`course-grid${query.isFetching && query.isPlaceholderData ? ' is-updating' : ''}`}>
              {courses.map((course, i) => (
                <li key={course.id}>
                  <CourseCard course={course} eager={i < EAGER_THUMBNAILS} />
                </li>
              ))}
            </ul>
            {courses.length === 0 && <p className="muted">{t('noMatches')}</p>}
            {query.hasNextPage && (
              <div className="center">
                <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {t('loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>

      <ExamPacks />

      {(actsAsStudent(role) || role === 'tutor') && (
        <nav className="course-dashboard-links" aria-label={t('links.label')}>
          {actsAsStudent(role) && <Link to={paths.studentDashboard} className={buttonClass('ghost', 'sm')}>{t('links.student')}</Link>}
          {role === 'tutor' && <Link to={paths.tutorDashboard} className={buttonClass('ghost', 'sm')}>{t('links.tutor')}</Link>}
        </nav>
      )}
    </PublicPage>
  );
}

/** The list's loading state: cards of the real ones' shape (thumbnail, lines), hidden from screen readers (the live region says loading). */
function CardSkeletons() {
  return (
    <ul className="course-grid" aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <li key={i}>
          <div className="card course-card skeleton-card">
            <span className="skeleton course-skeleton-thumb" />
            <div className="course-card-body">
              <span className="skeleton skeleton-line course-skeleton-category" />
              <span className="skeleton skeleton-line course-skeleton-title" />
              <span className="skeleton skeleton-line course-skeleton-tutor" />
              <span className="skeleton skeleton-line course-skeleton-facts" />
              <span className="skeleton skeleton-line course-skeleton-price" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
