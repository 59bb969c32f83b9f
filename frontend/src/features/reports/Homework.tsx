/**
 * The family side of lesson reports: the learner card's latest report and homework to-do, each
 * to-do markable done with an optional photo of the work (or opened again), and the Lessons page
 * listing every reported lesson, newest first. Due states come from the server, counted in the
 * learner's zone (functions/reports/homework-rules.ts).
 */
import { useId, useMemo, useState, type ChangeEvent } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { HistoryLesson } from '@functions/reports/contract';
import { ALLOWED_CONTENT_TYPES, checkDeclaredUpload } from '@functions/uploads/catalog';
import { reasonOf } from '../../shared/api';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { InlineLoading, LoadError, QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { dateFormat, sessionTime } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { useLearnerFirstName } from '../households';
import { lessonHistoryQuery, useMarkHomework } from './homework-api';
import { useReportsText } from './text';
import './reports.css';

/** "2026-12-05" → "Sat 5 Dec 2026" (a calendar day: no zone shift). */
const dayName = (day: string) =>
  dateFormat({ timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`)).replace(',', '');

/** One to-do: its text, when it is due, done (with the photo) or a way to mark it done. */
export function HomeworkTodo({ lesson }: { lesson: HistoryLesson }) {
  const t = useReportsText();
  const mark = useMarkHomework(lesson.bookingId);
  const inputId = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const homework = lesson.homework;
  if (!homework) return null;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const reason = file ? checkDeclaredUpload('homework-photo', { fileName: file.name, contentType: file.type, size: file.size }) : null;
    setProblem(reason);
    setPhoto(reason ? null : file);
  };
  const send = (done: boolean) => {
    setProblem(null);
    mark.mutate({ done, ...(done && photo ? { photo } : {}) }, {
      onSuccess: () => setPhoto(null),
      onError: (error) => setProblem(reasonOf(error)),
    });
  };
  const due = homework.dueDate ? t(`homework.due.${homework.dueState}`, { date: dayName(homework.dueDate) }) : null;
  return (
    <div className="homework-todo" data-testid="homework-todo">
      <p className="homework-text">{homework.text}</p>
      {homework.done ? (
        <>
          <p className="homework-done" role="status">
            <span className="status-badge tone-success">{t('homework.done')}</span>
            {homework.done.photoUrl && (
              <a href={homework.done.photoUrl} target="_blank" rel="noreferrer">{t('homework.photo')}</a>
            )}
          </p>
          <Button variant="secondary" size="sm" busy={mark.isPending} onClick={() => send(false)}>{t('homework.undo')}</Button>
        </>
      ) : (
        <>
          {due && <p className={`homework-due due-${homework.dueState}`}>{due}</p>}
          <label htmlFor={inputId} className="homework-photo-label">{t('homework.photoLabel')}</label>
          <input id={inputId} type="file" accept={ALLOWED_CONTENT_TYPES['homework-photo'].join(',')} onChange={choose} />
          <Button variant="primary" size="sm" busy={mark.isPending} onClick={() => send(true)}>{t('homework.markDone')}</Button>
        </>
      )}
      {problem && <p role="alert" className="field-error">{problem}</p>}
    </div>
  );
}

/** What the learner's dashboard card shows: the latest report, the open homework, the way to the Lessons page. */
export function LearnerLessonsOnCard({ learnerId }: { learnerId?: string }) {
  const t = useReportsText();
  const subjectName = useSubjectName();
  const query = useInfiniteQuery(lessonHistoryQuery(learnerId));
  if (query.isPending) return <InlineLoading label={t('history.loading')} />;
  if (!query.data) return <LoadError title={t('history.loadFailed')} look="inline" onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const lessons = query.data.pages[0]?.lessons ?? [];
  const latest = lessons.find((lesson) => lesson.report);
  const open = lessons.filter((lesson) => lesson.homework && !lesson.homework.done);
  return (
    <section className="learner-reports" data-testid="learner-reports">
      <h3>{t('card.latest')}</h3>
      {latest?.report ? (
        <div className="latest-report">
          <p>
            <strong>{subjectName(latest.subject)}</strong>{' '}
            <span className="muted">{dayName(latest.scheduledAt.slice(0, 10))}</span>
          </p>
          <p>{t('card.topics', { topics: latest.report.topics.join(', ') })}</p>
          {latest.report.nextSteps && <p>{t('card.nextSteps', { text: latest.report.nextSteps })}</p>}
        </div>
      ) : (
        <p className="muted">{t('card.noReport')}</p>
      )}
      <h3>{t('homework.openCount', { count: open.length })}</h3>
      {open.length > 0 && (
        <ul role="list" className="homework-list">
          {open.map((lesson) => <li key={lesson.bookingId}><HomeworkTodo lesson={lesson} /></li>)}
        </ul>
      )}
      <Link to={paths.lessonHistory(learnerId)} className={buttonClass('secondary', 'sm')}>{t('history.open')}</Link>
    </section>
  );
}

/** /lessons (?learner= for a parent's child): every reported lesson, newest first, a page at a time. */
export function LessonsHistoryPage() {
  const t = useReportsText();
  const [params] = useSearchParams();
  const learnerId = params.get('learner') ?? undefined;
  const name = useLearnerFirstName(learnerId);
  const title = name ? t('history.titleOf', { name }) : t('history.title');
  useDocumentTitle(title);
  const query = useInfiniteQuery(lessonHistoryQuery(learnerId));
  const lessons = useMemo(() => query.data?.pages.flatMap((page) => page.lessons) ?? [], [query.data]);
  return (
    <DashboardShell>
      <div className="container narrow lessons-history-page">
        <h1>{title}</h1>
        <QueryState
          query={query}
          loading={t('history.loading')}
          error={{ title: t('history.loadFailed'), heading: 'h2' }}
          empty={{ when: () => lessons.length === 0, show: <StateCard title={t('history.emptyTitle')} text={t('history.empty')} /> }}
        >
          {() => (
            <>
              <ul role="list" className="lessons-history">
                {lessons.map((lesson) => <li key={lesson.bookingId}><HistoryEntry lesson={lesson} /></li>)}
              </ul>
              {query.hasNextPage && (
                <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>{t('history.more')}</Button>
              )}
            </>
          )}
        </QueryState>
      </div>
    </DashboardShell>
  );
}

function HistoryEntry({ lesson }: { lesson: HistoryLesson }) {
  const t = useReportsText();
  const subjectName = useSubjectName();
  const zone = useMemo(viewerTimeZone, []);
  const when = sessionTime(lesson.scheduledAt, lesson.durationMinutes, zone);
  const titleId = useId();
  return (
    <article className="card history-entry" aria-labelledby={titleId} data-testid="history-lesson">
      <h2 id={titleId}>{subjectName(lesson.subject)}</h2>
      <p className="muted">{when.date} · {when.time}</p>
      {lesson.missed && <p className="muted">{t('history.missed')}</p>}
      {lesson.report ? (
        <dl>
          <dt>{t('family.topics')}</dt>
          <dd>{lesson.report.topics.join(', ')}</dd>
          {lesson.report.performance && (
            <>
              <dt>{t('family.performance')}</dt>
              <dd>{t(`performance.${lesson.report.performance}`)}</dd>
            </>
          )}
          {lesson.report.nextSteps && (
            <>
              <dt>{t('family.nextSteps')}</dt>
              <dd>{lesson.report.nextSteps}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="muted">{t('card.noReport')}</p>
      )}
      {lesson.homework && (
        <>
          <h3>{t('family.homework')}</h3>
          <HomeworkTodo lesson={lesson} />
        </>
      )}
    </article>
  );
}
