/**
 * /browse-tutors: search, subject and level filters kept in the URL, pages of
 * tutor cards behind "Load more". Open to everyone; a signed-out visitor loads no auth code.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BROWSE_SORTS, LEVELS, TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import type { TutorCard as TutorCardData } from '@functions/tutors/contract';
import { CURRICULA, CURRICULUM_LABELS, gradeById, gradesOf } from '@functions/households/grades-catalog';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { SearchField, SelectField, TextField, TYPING_DELAY_MS, useSearchDraft } from '../../shared/ui/fields';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useFilterParams } from '../../shared/useFilterParams';
import { useAsPrerendered } from '../../shared/useHydrated';
import { useSession, useViewer } from '../auth';
import { useActiveLearner } from '../households';
import { useActiveLanguage } from '../../shared/i18n/text';
import { bookingOffer } from './booking-offer';
import { useBrowseText } from './browse/text';
import { filtersFromParams, hasFilters, NO_FILTERS, priceProblems, withFilters } from './browse-params';
import { PublicPage, TutorAvatar, TutorFiguresLine, VerifiedBadge } from './components';
import { ksh, kshPerHour } from '../../shared/format';
import { fullName, gradeShortName, subjectsPreview } from './format';
import { useSubjectName } from './subjects/text';
import { levelLabel, useTutorsText } from './text';
import { browseTutorsQuery } from './public-api';
import '../../shared/ui/skeleton.css';
import './tutors.css';

/** A bound as the URL holds it ("01000" is 1000); '' for none. */
const wholeShillings = (typed: string) => (typed.trim() ? String(Number(typed.trim())) : '');

export function BrowseTutorsPage() {
  const t = useBrowseText();
  const common = useTutorsText();
  const subjectName = useSubjectName();
  useDocumentTitle(t('title'));
  const [params, setParams] = useFilterParams();
  const search = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(search)), [search]);

  // The search box updates the URL (and so the query) once typing pauses.
  const [draft, setDraft] = useSearchDraft(filters.q, (q) => setParams((p) => withFilters(p, { q })));

  // Price bounds apply once typing pauses (or on leaving a field, or Enter), both together; a
  // bound that cannot apply (negative, From above To…) says why beside the field instead.
  const [prices, setPrices] = useState({ minPrice: filters.minPrice, maxPrice: filters.maxPrice });
  /** The prices as last settled by the user (a pause, a blur, Enter); null until they type. */
  const [settled, setSettled] = useState<typeof prices | null>(null);
  const urlPrices = `${filters.minPrice}-${filters.maxPrice}`;
  const [seenPrices, setSeenPrices] = useState(urlPrices);
  /** The bounds this form last put in the URL: when they arrive there, the fields keep what is typed meanwhile. */
  const [ownPrices, setOwnPrices] = useState<string | null>(null);
  if (urlPrices !== seenPrices) {
    setSeenPrices(urlPrices);
    setOwnPrices(null);
    // Changed elsewhere (Clear Filters, history): the fields show the URL's.
    if (urlPrices !== ownPrices) {
      setPrices({ minPrice: filters.minPrice, maxPrice: filters.maxPrice });
      setSettled(null);
    }
  }
  // Shown only for what is in the fields now, so a half-typed "3" of "3000" is not refused.
  const problems = settled !== null && settled === prices ? priceProblems(settled) : {};
  /** The bounds to search with: the typed ones if they can apply, else those in effect. */
  const settlePrices = (typed: typeof prices) => {
    setSettled(typed);
    if (Object.keys(priceProblems(typed)).length > 0) return { minPrice: filters.minPrice, maxPrice: filters.maxPrice };
    const applied = { minPrice: wholeShillings(typed.minPrice), maxPrice: wholeShillings(typed.maxPrice) };
    setOwnPrices(`${applied.minPrice}-${applied.maxPrice}`);
    return applied;
  };
  const pricesTyped = prices.minPrice !== filters.minPrice || prices.maxPrice !== filters.maxPrice;
  const applyPricesRef = useRef(() => {});
  useEffect(() => {
    if (!pricesTyped) return;
    const timer = setTimeout(() => applyPricesRef.current(), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [prices, pricesTyped]);

  const apiFilters = useMemo(
    () => ({ ...filters, q: filters.q.trim() }),
    [filters],
  );
  // The prerendered HTML shows the loading state: so does the hydrating render, even if the
  // tutors (fetched by the entry) are already here; the next render shows them.
  const query = useAsPrerendered(useInfiniteQuery({ ...browseTutorsQuery(apiFilters), placeholderData: keepPreviousData }));
  const tutors = useMemo(() => query.data?.pages.flatMap((page) => page.tutors) ?? [], [query.data]);

  const setFilter = (change: Partial<typeof filters>) => setParams((p) => withFilters(p, change));
  const applyPrices = () => {
    if (pricesTyped) setFilter(settlePrices(prices));
  };
  useEffect(() => {
    applyPricesRef.current = applyPrices;
  });
  // A parent acting for a child starts at the child's grade (once per visit, and only when the
  // link names no grade or curriculum of its own); "Show all" drops it for the rest of the visit.
  const { active: learner } = useActiveLearner();
  const language = useActiveLanguage();
  const startedForLearner = useRef(false);
  useEffect(() => {
    if (!learner || startedForLearner.current) return;
    startedForLearner.current = true;
    if (filters.grade || filters.curriculum) return;
    setParams((p) => withFilters(p, { grade: learner.grade, curriculum: learner.curriculum }));
  }, [learner, filters.grade, filters.curriculum, setParams]);
  const showingForLearner = learner && filters.grade === learner.grade ? learner : null;
  const setCurriculum = (curriculum: string) =>
    setFilter({ curriculum: curriculum as typeof filters.curriculum, ...(gradeById(filters.grade)?.curriculum === curriculum ? {} : { grade: '' }) });
  const setGrade = (grade: string) => setFilter({ grade, curriculum: gradeById(grade)?.curriculum ?? filters.curriculum });
  const gradeGroups = filters.curriculum ? [filters.curriculum] : CURRICULA;

  const clearFilters = () => {
    setDraft('');
    setParams((p) => withFilters(p, NO_FILTERS));
  };
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFilter({ q: draft, ...settlePrices(prices) });
  };
  // Several text fields: the browser no longer submits on Enter by itself.
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setFilter({ q: draft, ...settlePrices(prices) });
  };

  // Every subject a tutor can teach (the profile picks from this list), by name in the language
  // shown; a subject typed into the URL is kept so the select shows it.
  const subjects: string[] = [...TUTOR_SUBJECTS];
  if (filters.subject && !subjects.includes(filters.subject)) subjects.push(filters.subject);
  subjects.sort((a, b) => subjectName(a).localeCompare(subjectName(b)));
  const updating = query.isFetching && query.isPlaceholderData;
  // Offline with tutors on screen: say they are the earlier ones, not "12 tutors shown" again.
  const waiting = query.fetchStatus === 'paused' && query.data !== undefined;

  // Load more: once the next page is in, focus its first card's name, so the keyboard and screen
  // reader carry on from the new cards instead of from the button below them.
  const grid = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  const loadMore = () => {
    firstNew.current = tutors.length;
    void query.fetchNextPage();
  };
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || tutors.length <= index) return;
    firstNew.current = null;
    grid.current?.querySelectorAll<HTMLElement>('.tutor-card h2')[index]?.focus();
  }, [tutors.length]);

  return (
    <PublicPage>
      <div className="page-intro">
        <h1>{t('heading')}</h1>
        <p className="muted">{t('lead')}</p>
      </div>

      <form role="search" className="card browse-filters" onSubmit={submitSearch} aria-label={t('search.form')}>
        <SearchField
          id="tutor-search"
          label={t('search.label')}
          className="browse-search"
          placeholder={t('search.placeholder')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onEnter}
        />
        <SelectField id="tutor-subject" label={t('subject.label')} value={filters.subject} onChange={(event) => setFilter({ subject: event.target.value })}>
          <option value="">{t('subject.all')}</option>
          {subjects.map((subject) => (
            <option key={subject} value={subject}>
              {subjectName(subject)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="tutor-level"
          label={t('level.label')}
          value={filters.level}
          onChange={(event) => setFilter({ level: event.target.value as typeof filters.level })}
        >
          <option value="">{t('level.all')}</option>
          {LEVELS.map((level) => (
            <option key={level} value={level}>
              {levelLabel(common, level)}
            </option>
          ))}
        </SelectField>
        <SelectField id="tutor-curriculum" label={t('curriculum.label')} value={filters.curriculum} onChange={(event) => setCurriculum(event.target.value)}>
          <option value="">{t('curriculum.all')}</option>
          {CURRICULA.map((curriculum) => (
            <option key={curriculum} value={curriculum}>
              {CURRICULUM_LABELS[curriculum][language]}
            </option>
          ))}
        </SelectField>
        <SelectField id="tutor-grade" label={t('grade.label')} value={filters.grade} onChange={(event) => setGrade(event.target.value)}>
          <option value="">{t('grade.all')}</option>
          {gradeGroups.map((curriculum) => (
            <optgroup key={curriculum} label={CURRICULUM_LABELS[curriculum][language]}>
              {gradesOf(curriculum).map((grade) => (
                <option key={grade.id} value={grade.id}>
                  {grade.label[language]}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
        <SelectField
          id="tutor-sort"
          label={t('sort.label')}
          value={filters.q.trim() ? '' : filters.sort}
          disabled={Boolean(filters.q.trim())}
          hint={filters.q.trim() ? t('sort.searchHint') : undefined}
          onChange={(event) => setFilter({ sort: event.target.value as typeof filters.sort })}
        >
          {BROWSE_SORTS.map((sort) => (
            <option key={sort} value={sort === 'recommended' ? '' : sort}>
              {t(`sort.${sort}`)}
            </option>
          ))}
        </SelectField>
        <fieldset className="browse-price">
          <legend>{t('price.legend')}</legend>
          {(['minPrice', 'maxPrice'] as const).map((end) => (
            <TextField
              key={end}
              id={`tutor-${end}`}
              label={end === 'minPrice' ? t('price.from') : t('price.to')}
              type="number"
              inputMode="numeric"
              min={0}
              step={100}
              value={prices[end]}
              error={problems[end] ? t(problems[end]) : undefined}
              onChange={(event) => setPrices((p) => ({ ...p, [end]: event.target.value }))}
              onBlur={applyPrices}
              onKeyDown={onEnter}
            />
          ))}
        </fieldset>
      </form>

      {showingForLearner && (
        <p className="alert alert-info browse-for-learner" role="status">
          <span>{t('learner.showing', { name: showingForLearner.firstName, grade: gradeShortName(showingForLearner.grade, language) })}</span>{' '}
          <Button variant="ghost" size="sm" onClick={() => setFilter({ grade: '', curriculum: '' })}>
            {t('learner.showAll')}
          </Button>
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {waiting
          ? ''
          : query.isPending ? t('status.loading') : updating ? t('status.updating') : query.isSuccess ? t('status.shown', { count: tutors.length }) : ''}
      </p>
      {waiting && (
        <p className="alert alert-info browse-offline" role="status">
          {t('offline')}
        </p>
      )}

      <QueryState
        query={query}
        loading={<CardSkeletons />}
        error={{ title: t('error.title'), text: t('error.text') }}
        empty={{
          when: () => tutors.length === 0,
          show: (
            <StateCard title={t('empty.title')} text={t('empty.text')}>
              {hasFilters(filters) && <Button onClick={clearFilters}>{t('empty.clear')}</Button>}
            </StateCard>
          ),
        }}
      >
        {() => (
          <>
            <ul ref={grid} className={`tutor-grid${updating ? ' is-updating' : ''}`} role="list" aria-busy={updating || undefined}>
              {tutors.map((tutor) => (
                <li key={tutor.id}>
                  <TutorCard tutor={tutor} />
                </li>
              ))}
            </ul>
            {query.isFetchNextPageError && (
              <p className="alert alert-error load-more-error" role="alert">
                {t('error.text')}
              </p>
            )}
            {query.hasNextPage && (
              <div className="load-more">
                <Button variant="secondary" busy={query.isFetchingNextPage} onClick={loadMore}>
                  {t('loadMore')}
                </Button>
              </div>
            )}
          </>
        )}
      </QueryState>
    </PublicPage>
  );
}

/** A tutor's card in a list (browse, the subject pages). */
export function TutorCard({ tutor }: { tutor: TutorCardData }) {
  const t = useBrowseText();
  const common = useTutorsText();
  const subjectName = useSubjectName();
  const { session } = useSession();
  const offer = bookingOffer(useViewer(), tutor);
  const toast = useToast();
  const navigate = useNavigate();
  const headingId = useId();
  const name = fullName(tutor);
  const { visible, more } = subjectsPreview(tutor.subjects);

  const onBook = (event: MouseEvent<HTMLAnchorElement>) => {
    if (session.status !== 'signed-out') return;
    event.preventDefault();
    toast.info(t('signInToBook'));
    navigate(paths.auth, { state: { returnTo: paths.bookTutor(tutor.id) } });
  };

  return (
    <article className="card tutor-card" aria-labelledby={headingId}>
      <div className="tutor-card-head">
        <TutorAvatar photoUrl={tutor.profilePhotoUrl} firstName={tutor.firstName} lastName={tutor.lastName} />
        <div className="tutor-card-title">
          <h2 id={headingId} tabIndex={-1}>
            {name}
          </h2>
          <p className="muted tutor-card-meta">
            {tutor.verified && <VerifiedBadge />}
            {tutor.country && <span>{tutor.country}</span>}
          </p>
        </div>
      </div>
      <TutorFiguresLine figures={tutor.figures} />
      {tutor.headline && <p className="tutor-card-headline">{tutor.headline}</p>}
      {visible.length > 0 && (
        <ul className="tag-list" role="list">
          {visible.map((subject) => (
            <li key={subject} className="tag">
              {subjectName(subject)}
            </li>
          ))}
          {more > 0 && <li className="tag tag-more">{t('card.more', { count: more })}</li>}
        </ul>
      )}
      {tutor.levels.length > 0 && (
        <p className="tutor-card-levels">
          <span className="visually-hidden">{t('card.levels')}</span>
          {tutor.levels.map((level) => levelLabel(common, level)).join(' · ')}
        </p>
      )}
      <p className="tutor-card-rate">{kshPerHour(tutor.hourlyRate)}</p>
      {tutor.trialLesson && (
        <p className="tutor-card-trial">
          {tutor.trialLesson.kind === 'free' ? common('trial.freeBadge') : common('trial.badge', { price: ksh(tutor.trialLesson.price) })}
        </p>
      )}
      {offer === 'not-bookable' && <p className="tutor-card-note muted">{common('offer.notBookable')}</p>}
      {offer === 'ask-parent' && <p className="tutor-card-note muted">{common('offer.askParent')}</p>}
      {offer === 'wait-parent' && <p className="tutor-card-note muted">{common('offer.waitParent')}</p>}
      <div className="tutor-card-actions">
        <Link
          to={paths.tutorProfile(tutor.id)}
          className={buttonClass('secondary')}
          aria-describedby={headingId}
        >
          {t('card.view')}
        </Link>
        {offer === 'book' && (
          <Link
            to={paths.bookTutor(tutor.id)}
            className={buttonClass('primary')}
            aria-describedby={headingId}
            onClick={onBook}
          >
            {t('card.book')}
          </Link>
        )}
      </div>
    </article>
  );
}

function CardSkeletons() {
  return (
    <ul className="tutor-grid" role="list" aria-hidden="true">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i}>
          <div className="card tutor-card skeleton-card">
            <div className="tutor-card-head">
              <span className="skeleton skeleton-circle" />
              <span className="skeleton skeleton-line" style={{ width: '60%' }} />
            </div>
            <span className="skeleton skeleton-line" style={{ width: '90%' }} />
            <span className="skeleton skeleton-line" style={{ width: '40%' }} />
            <span className="skeleton skeleton-block" />
          </div>
        </li>
      ))}
    </ul>
  );
}
