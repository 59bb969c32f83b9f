/**
 * /course-dashboard (spec §2, issue 12): published courses newest first, category buttons, a
 * search box and More Filters (subject, level, free/paid, duration), all kept in the URL; pages
 * behind "Load more". Open to everyone.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  COURSE_CATEGORIES, COURSE_LEVELS, COURSE_SUBJECTS, DURATION_BANDS, LEVEL_LABELS, type DurationBand,
} from '@functions/courses/catalog';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { SearchField, SelectField, useSearchDraft } from '../../shared/ui/fields';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PublicPage } from '../tutors';
import { catalogueQuery } from './api';
import { filtersFromParams, moreFiltersCount, NO_FILTERS, withFilters, type CatalogueFilters } from './catalogue-params';
import { CourseCard } from './CourseCard';
import { ExamPacks } from './ExamPacks';
import './courses.css';

/** Thumbnails of the first cards load at once: one of them is the page's largest paint on a phone. */
const EAGER_THUMBNAILS = 2;

export function CourseDashboardPage() {
  useDocumentTitle('Courses');
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);
  const setFilter = (change: Partial<CatalogueFilters>) => setParams((p) => withFilters(p, change), { replace: true });
  const [draft, setDraft] = useSearchDraft(filters.q, (q) => setFilter({ q }));
  const [moreOpen, setMoreOpen] = useState(moreFiltersCount(filters) > 0);

  const query = useInfiniteQuery({ ...catalogueQuery(filters), placeholderData: keepPreviousData });
  const courses = useMemo(() => query.data?.pages.flatMap((p) => p.courses) ?? [], [query.data]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ q: draft });
  };
  const more = moreFiltersCount(filters);

  return (
    <PublicPage>
      <div className="page-intro">
        <h1>Courses</h1>
        <p className="muted">Self-paced courses from verified tutors: exam preparation, university subjects and job skills.</p>
      </div>

      <div className="course-categories" role="group" aria-label="Category">
        {[['', 'All Courses'] as const, ...COURSE_CATEGORIES.map((c) => [c, c] as const)].map(([value, label]) => (
          <button
            key={label}
            type="button"
            className={buttonClass(filters.category === value ? 'primary' : 'secondary', 'sm')}
            aria-pressed={filters.category === value}
            onClick={() => setFilter({ category: value })}
          >
            {label}
          </button>
        ))}
      </div>

      <form role="search" className="card course-search" onSubmit={submit} aria-label="Course search">
        <SearchField
          id="course-search"
          label="Search courses"
          className="course-search-box"
          placeholder="Title, description or tutor"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button variant="secondary" aria-expanded={moreOpen} aria-controls="course-more-filters" onClick={() => setMoreOpen(!moreOpen)}>
          More Filters{more ? ` (${more})` : ''}
        </Button>
        {moreOpen && (
          <div id="course-more-filters" className="course-more-filters">
            <SelectField id="course-subject" label="Subject" value={filters.subject} onChange={(e) => setFilter({ subject: e.target.value as CatalogueFilters['subject'] })}>
              <option value="">All subjects</option>
              {COURSE_SUBJECTS.map((s) => <option key={s} value={s}>{s}</option>)}
            </SelectField>
            <SelectField id="course-level" label="Level" value={filters.level} onChange={(e) => setFilter({ level: e.target.value as CatalogueFilters['level'] })}>
              <option value="">All levels</option>
              {COURSE_LEVELS.map((l) => <option key={l} value={l}>{LEVEL_LABELS[l]}</option>)}
            </SelectField>
            <SelectField id="course-price" label="Price" value={filters.price} onChange={(e) => setFilter({ price: e.target.value as CatalogueFilters['price'] })}>
              <option value="">Free and paid</option>
              <option value="free">Free</option>
              <option value="paid">Paid</option>
            </SelectField>
            <SelectField id="course-duration" label="Duration" value={filters.duration} onChange={(e) => setFilter({ duration: e.target.value as CatalogueFilters['duration'] })}>
              <option value="">Any duration</option>
              {(Object.keys(DURATION_BANDS) as DurationBand[]).map((d) => <option key={d} value={d}>{DURATION_BANDS[d].label}</option>)}
            </SelectField>
          </div>
        )}
      </form>

      <p className="visually-hidden" aria-live="polite">
        {query.isPending ? 'Loading courses…' : query.isSuccess ? `${courses.length} courses shown` : ''}
      </p>
      <QueryState
        query={query}
        loading="Loading courses…"
        error={{ title: 'Error Loading Courses', text: 'There was an error loading the courses. Please try again later.' }}
        empty={{
          when: () => courses.length === 0 && !query.hasNextPage,
          show: (
            <StateCard title="No courses found" text="Try another category or search, or clear the filters.">
              <Button variant="secondary" onClick={() => { setDraft(''); setParams(withFilters(new URLSearchParams(), NO_FILTERS), { replace: true }); }}>
                Clear Filters
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
            {courses.length === 0 && <p className="muted">No matches in the newest courses yet.</p>}
            {query.hasNextPage && (
              <div className="center">
                <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>

      <ExamPacks />

      <nav className="course-dashboard-links" aria-label="Dashboards">
        <Link to={paths.studentDashboard} className={buttonClass('ghost', 'sm')}>Student Dashboard</Link>
        <Link to={paths.tutorDashboard} className={buttonClass('ghost', 'sm')}>Tutor Dashboard</Link>
      </nav>
    </PublicPage>
  );
}
