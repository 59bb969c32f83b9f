/**
 * /weekly-lessons/{tutorId} (students and parents): setting up weekly lessons with a tutor. The
 * family picks subject, weekday, hour (the tutor's clock, and theirs beside it), length of a lesson
 * and how long: to the end of the school term or N weeks. "See the lessons" asks for the quote:
 * every date, the ones that clash or are too soon marked and left out, the price by the month and
 * for the term. "Set up" books exactly the kept lessons (one request key per attempt); when a
 * lesson was taken meanwhile (409 plan_changed) its dates are shown and the quote is read again.
 * Then the first instalment is paid in the page (or later from My Bookings).
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import type { Plan, PlanQuote, QuotePlanRequest } from '@functions/plans/contract';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import { ApiError } from '../../shared/api';
import { ksh, zoneName } from '../../shared/format';
import { useActiveLanguage } from '../../shared/i18n/text';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { Button, buttonClass } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/fields';
import { InlineLoading, LoadError, QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import { PayerOnly, useActiveLearner } from '../households';
import { fullName, PublicPage, TutorNotFound, tutorQuery, useSubjectName } from '../tutors';
import { PLAN_START_TIMES } from './plan-time';
import { attemptKey, changedStarts, splitQuote } from './plan-view';
import { planQuoteQuery, useCreatePlan } from './plans-api';
import { PlanSlot, termName, weekdayName } from './components';
import { PlanPayStep } from './PlanPayStep';
import { usePlansText } from './text';
import './plans.css';

const DURATIONS = [60, 90, 120] as const;
const DEFAULT_SUBJECTS = ['Mathematics', 'English', 'Kiswahili', 'Science'];

export function WeeklyLessonsPage() {
  const t = usePlansText();
  const { tutorId = '' } = useParams();
  const query = useQuery(tutorQuery(tutorId));
  const notFound = query.error instanceof ApiError && query.error.namesNothing;
  useDocumentTitle(query.data ? t('title', { name: fullName(query.data) }) : t('titleDefault'));
  return (
    <PublicPage>
      {notFound ? (
        <TutorNotFound />
      ) : (
        <QueryState query={query} loading={t('loadingTutor')} error={{ title: t('tutorFailed'), heading: 'h1' }}>
          {(tutor) => (
            <div className="plan-page">
              <h1>{t('title', { name: fullName(tutor) })}</h1>
              <p className="muted">{t('intro')}</p>
              {tutor.verified ? (
                <PlanSetup tutor={tutor} />
              ) : (
                <p className="alert alert-warn" role="status">{t('notVerified')}</p>
              )}
            </div>
          )}
        </QueryState>
      )}
    </PublicPage>
  );
}

/** The route's page: a learner linked to a parent is told to ask them (the parent pays), as booking does. */
export function WeeklyLessonsPageForPayer() {
  return (
    <PayerOnly>
      <WeeklyLessonsPage />
    </PayerOnly>
  );
}

interface Choice {
  subject: string;
  dayOfWeek: string;
  startTime: string;
  durationMinutes: (typeof DURATIONS)[number];
  length: 'term' | 'weeks';
  weeks: string;
}

type Problem = Partial<Record<'subject' | 'dayOfWeek' | 'startTime' | 'weeks', string>>;

function PlanSetup({ tutor }: { tutor: PublicTutorProfile }) {
  const t = usePlansText();
  const subjectName = useSubjectName();
  const language = useActiveLanguage();
  const zone = useMemo(viewerTimeZone, []);
  const subjects = tutor.subjects.length ? tutor.subjects : DEFAULT_SUBJECTS;
  const { active: learner, learnerId } = useActiveLearner();
  const [choice, setChoice] = useState<Choice>({
    subject: subjects.length === 1 ? subjects[0]! : '', dayOfWeek: '', startTime: '', durationMinutes: 60, length: 'term', weeks: '12',
  });
  const [problems, setProblems] = useState<Problem>({});
  const [asked, setAsked] = useState<QuotePlanRequest | null>(null);
  const [key, setKey] = useState(attemptKey);
  const [payment, setPayment] = useState<'monthly' | 'term'>('monthly');
  const [changed, setChanged] = useState<string[] | null>(null);
  const [created, setCreated] = useState<Plan | null>(null);
  const create = useCreatePlan();
  const quote = useQuery({ ...planQuoteQuery(asked ?? ({} as QuotePlanRequest)), enabled: asked !== null });

  const change = (next: Partial<Choice>) => {
    setChoice((now) => ({ ...now, ...next }));
    setProblems({});
    setAsked(null);
    setChanged(null);
    create.reset();
  };

  const ask = () => {
    const found: Problem = {};
    if (!choice.subject) found.subject = t('problem.subject');
    if (choice.dayOfWeek === '') found.dayOfWeek = t('problem.day');
    if (!choice.startTime) found.startTime = t('problem.time');
    const weeks = Number(choice.weeks);
    if (choice.length === 'weeks' && !(Number.isInteger(weeks) && weeks >= 1 && weeks <= 40)) found.weeks = t('problem.weeks');
    setProblems(found);
    if (Object.keys(found).length) return;
    setKey(attemptKey());
    setAsked({
      tutorId: tutor.id,
      dayOfWeek: Number(choice.dayOfWeek),
      startTime: choice.startTime,
      durationMinutes: choice.durationMinutes,
      length: choice.length === 'term' ? { kind: 'term' } : { kind: 'weeks', lessons: weeks, skipHolidays: true },
    });
  };

  const setUp = async (seen: PlanQuote) => {
    if (!asked) return;
    const { kept } = splitQuote(seen);
    try {
      const { plan } = await create.mutateAsync({
        ...asked,
        subject: choice.subject,
        payment,
        lessonStarts: kept.map((l) => l.start),
        idempotencyKey: key,
        ...(learnerId ? { learnerId } : {}),
      });
      setCreated(plan);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'plan_changed') {
        // What was seen is no longer what is free: show which dates, and quote again under a new key.
        setChanged(changedStarts(error.details));
        setKey(attemptKey());
        create.reset();
        void quote.refetch();
      }
    }
  };

  if (created) return <PlanCreated plan={created} zone={zone} />;

  const tutorZone = tutor.timeZone;
  return (
    <>
      <section className="card" aria-labelledby="plan-choice">
        <h2 id="plan-choice">{t('choice.title')}</h2>
        {learner && (
          <p className="booking-for" data-testid="plan-for">
            {t('for', { name: learner.firstName, level: learnerLevel(learner.grade, learner.curriculum, language) })}
          </p>
        )}
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
        >
          <SelectField id="plan-subject" label={t('subject')} error={problems.subject} value={choice.subject} onChange={(e) => change({ subject: e.target.value })}>
            <option value="">{t('problem.subject')}</option>
            {subjects.map((s) => (
              <option key={s} value={s}>{subjectName(s)}</option>
            ))}
          </SelectField>
          <p className="muted" id="plan-zone">{t('zone.tutor', { zone: zoneName(tutorZone) })}</p>
          <div className="form-row">
            <SelectField id="plan-day" label={t('day')} error={problems.dayOfWeek} describedByIds="plan-zone" value={choice.dayOfWeek} onChange={(e) => change({ dayOfWeek: e.target.value })}>
              <option value="">{t('problem.day')}</option>
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <option key={d} value={d}>{weekdayName(d)}</option>
              ))}
            </SelectField>
            <SelectField id="plan-time" label={t('time')} error={problems.startTime} describedByIds="plan-zone" value={choice.startTime} onChange={(e) => change({ startTime: e.target.value })}>
              <option value="">{t('problem.time')}</option>
              {PLAN_START_TIMES.map((time) => (
                <option key={time} value={time}>{time}</option>
              ))}
            </SelectField>
          </div>
          {choice.dayOfWeek !== '' && choice.startTime && (
            <p className="plan-slot-line" aria-live="polite">
              <PlanSlot slot={{ dayOfWeek: Number(choice.dayOfWeek), startTime: choice.startTime }} tutorZone={tutorZone} viewerZone={zone} />
            </p>
          )}
          <SelectField id="plan-duration" label={t('duration')} value={String(choice.durationMinutes)} onChange={(e) => change({ durationMinutes: Number(e.target.value) as Choice['durationMinutes'] })}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>{durationLabel(d)}</option>
            ))}
          </SelectField>
          <fieldset className="plan-length">
            <legend>{t('length')}</legend>
            <label className="radio">
              <input type="radio" name="plan-length" checked={choice.length === 'term'} onChange={() => change({ length: 'term' })} />
              {t('length.term')}
            </label>
            <label className="radio">
              <input type="radio" name="plan-length" checked={choice.length === 'weeks'} onChange={() => change({ length: 'weeks' })} />
              {t('length.weeks')}
            </label>
            {choice.length === 'weeks' && (
              <TextField
                id="plan-weeks"
                label={t('weeks')}
                hint={t('weeks.hint')}
                error={problems.weeks}
                type="number"
                inputMode="numeric"
                min={1}
                max={40}
                value={choice.weeks}
                onChange={(e) => change({ weeks: e.target.value })}
              />
            )}
          </fieldset>
          {!asked && <Button type="submit" size="lg">{t('seeLessons')}</Button>}
        </form>
      </section>

      {asked && (
        <section className="card" aria-labelledby="plan-quote" aria-busy={quote.isFetching || undefined}>
          <h2 id="plan-quote">{t('quote.title')}</h2>
          {changed && (
            <div className="alert alert-warn" role="alert">
              <p>{t('changed')}</p>
              {changed.length > 0 && (
                <ul className="plan-changed">
                  {changed.map((start) => {
                    const at = sessionTime(start, choice.durationMinutes, zone);
                    return <li key={start}>{at.date} {at.time}</li>;
                  })}
                </ul>
              )}
            </div>
          )}
          {quote.isPending ? (
            <InlineLoading label={t('quote.loading')} />
          ) : quote.isError || !quote.data ? (
            <LoadError
              title={quote.error instanceof ApiError && quote.error.fromServer ? quote.error.message : t('quote.failed')}
              onRetry={() => void quote.refetch()}
              retrying={quote.isFetching}
            />
          ) : (
            <QuoteView
              quote={quote.data}
              durationMinutes={choice.durationMinutes}
              zone={zone}
              payment={payment}
              onPayment={setPayment}
              busy={create.isPending || quote.isFetching}
              error={create.isError ? (create.error instanceof ApiError && create.error.fromServer ? create.error.message : t('setUp.failed')) : null}
              onSetUp={() => void setUp(quote.data)}
            />
          )}
        </section>
      )}
    </>
  );
}

function QuoteView({ quote, durationMinutes, zone, payment, onPayment, busy, error, onSetUp }: {
  quote: PlanQuote; durationMinutes: number; zone: string; payment: 'monthly' | 'term'; onPayment: (p: 'monthly' | 'term') => void;
  busy: boolean; error: string | null; onSetUp: () => void;
}) {
  const t = usePlansText();
  const { kept, leftOut } = splitQuote(quote);
  const holidays = quote.skipped.filter((s) => s.reason === 'holiday').length;
  const first = quote.payMonthly[0];
  return (
    <>
      {quote.term && (
        <p>
          {t('quote.term', { term: termName(quote.term.id, t), closes: sessionTime(`${quote.term.closes}T12:00:00Z`, 0, 'UTC').date })}
          {quote.term.provisional && <span className="muted"> {t('quote.provisional')}</span>}
        </p>
      )}
      <p className="plan-counts" data-testid="plan-counts">
        <strong>{t('quote.kept', { count: kept.length })}</strong>
        {leftOut.length > 0 && <> · <span className="plan-left-out-count">{t('quote.leftOut', { count: leftOut.length })}</span></>}
        {holidays > 0 && <> · {t('quote.holidays', { count: holidays })}</>}
      </p>
      <p className="muted">{t('zone.yours', { zone: zoneName(zone) })}</p>
      <ol className="plan-lessons" aria-label={t('quote.lessons')}>
        {quote.lessons.map((lesson) => {
          const at = sessionTime(lesson.start, durationMinutes, zone);
          const free = lesson.status === 'free';
          return (
            <li key={lesson.start} className={free ? 'plan-lesson' : 'plan-lesson plan-lesson-out'}>
              <span className="plan-lesson-when">{at.date} · {at.time}</span>
              <span className={free ? 'badge' : 'badge badge-out'}>{t(`lesson.${lesson.status}`)}</span>
            </li>
          );
        })}
      </ol>

      {kept.length === 0 ? (
        <p className="alert alert-error" role="alert">{t('quote.none')}</p>
      ) : (
        <>
          <p className="muted">{t('quote.perLesson', { amount: ksh(quote.pricePerLesson), duration: durationLabel(durationMinutes) })}</p>
          <fieldset className="plan-payment">
            <legend>{t('pay.how')}</legend>
            <label className="radio plan-pay-option">
              <input type="radio" name="plan-payment" checked={payment === 'monthly'} onChange={() => onPayment('monthly')} />
              <span>
                <strong>{t('pay.monthly')}</strong>
                {first && <span className="muted"> {t('pay.monthlyFirst', { amount: ksh(first.amount), count: first.lessonCount })}</span>}
              </span>
            </label>
            {payment === 'monthly' && (
              <ul className="plan-instalments">
                {quote.payMonthly.map((i) => (
                  <li key={i.number}>
                    <span>{t('instalment.month', { number: i.number })} · {t('instalment.lessons', { count: i.lessonCount })}</span>
                    <span>{i.number === 1 ? t('instalment.now') : t('instalment.charged', { date: sessionTime(i.chargeAt, 0, zone).date })}</span>
                    <strong>{ksh(i.amount)}</strong>
                  </li>
                ))}
              </ul>
            )}
            <label className="radio plan-pay-option">
              <input type="radio" name="plan-payment" checked={payment === 'term'} onChange={() => onPayment('term')} />
              <span>
                <strong>{t(quote.term ? 'pay.term' : 'pay.all')}</strong>
                <span className="muted"> {t('pay.termAmount', { amount: ksh(quote.payTerm.amount), count: quote.payTerm.lessonCount })}</span>
              </span>
            </label>
          </fieldset>
          <p className="muted">{t('setUp.note')}</p>
          {error && <p className="alert alert-error" role="alert">{error}</p>}
          <Button size="lg" busy={busy} onClick={onSetUp}>{t('setUp')}</Button>
        </>
      )}
    </>
  );
}

function PlanCreated({ plan, zone }: { plan: Plan; zone: string }) {
  const t = usePlansText();
  const subject = useSubjectName()(plan.subject);
  return (
    <>
      <section className="card" aria-labelledby="plan-created">
        <h2 id="plan-created">{t('created.title')}</h2>
        <p role="status" className="alert alert-success">
          {t('created.text', { subject, count: plan.lessons.length })}
        </p>
        <p>
          <PlanSlot slot={plan} tutorZone={plan.timeZone} viewerZone={zone} />
        </p>
        <p className="muted">{t('created.hold', { date: sessionTime(plan.holdExpiresAt, 0, zone).date, time: clockTime(plan.holdExpiresAt, zone) })}</p>
        <Link to={paths.myBookings} className={buttonClass('secondary')}>{t('created.myBookings')}</Link>
      </section>
      <PlanPayStep plan={plan} />
      <p className="muted">{t('pay.later')}</p>
    </>
  );
}
