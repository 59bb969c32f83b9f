/**
 * My Bookings' "Weekly lessons": the family's plans (a parent's: every child's), each with its
 * learner, tutor, weekly slot on both clocks, subject and status, every instalment with its charge
 * date, amount and whether it is paid (the one due now can be paid here), and its lessons. A plan
 * under way can be ended here (EndPlanDialog.tsx); an ended one says what its ending refunded and kept.
 * A paid one can have weeks paused (PausePlanDialog.tsx); the card then lists the paused weeks.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import type { Plan } from '@functions/plans/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import { ksh } from '../../shared/format';
import { useActiveLanguage } from '../../shared/i18n/text';
import { viewerTimeZone } from '../../shared/slots';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { sessionTime } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { PlanSlot } from './components';
import { pauseChoices, payableInstalment } from './plan-view';
import { myPlansQuery } from './plans-api';
import { PlanPayStep } from './PlanPayStep';
import { EndPlanButton, lessonDates } from './EndPlanDialog';
import { PausePlanButton, weekLabel } from './PausePlanDialog';
import { usePlansText } from './text';
import './plans.css';

/** `learnerId`: one child's plans only (My Bookings' child filter); every plan without it. */
export function WeeklyLessonsSection({ learnerId }: { learnerId?: string | undefined }) {
  const t = usePlansText();
  const query = useQuery(myPlansQuery());
  const plans = query.data && learnerId ? query.data.filter(({ plan }) => plan.learnerId === learnerId) : query.data;
  const zone = useMemo(viewerTimeZone, []);
  // The heading only over plans: loading, failing or empty, it is one line above the lessons.
  if (query.isPending) return <InlineLoading label={t('mine.loading')} />;
  if (query.isError || !query.data) return <LoadError title={t('mine.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (!plans?.length) return <p className="muted plan-empty" data-testid="plans-empty">{t('mine.empty')}</p>;
  return (
    <section className="booking-section plan-section" aria-labelledby="weekly-lessons" aria-busy={query.isFetching || undefined}>
      <h2 id="weekly-lessons" className="booking-section-title">
        {t('mine.title')} <span className="muted num">({plans.length})</span>
      </h2>
      <ul className="booking-list" role="list">
        {plans.map(({ plan, lessons }) => (
          <li key={plan.id}>
            <PlanCard plan={plan} lessons={lessons} zone={zone} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanCard({ plan, lessons, zone }: { plan: Plan; lessons: Booking[]; zone: string }) {
  const t = usePlansText();
  const language = useActiveLanguage();
  const subject = useSubjectName()(plan.subject);
  const [paying, setPaying] = useState<number | null>(null);
  const first = lessons[0];
  const titleId = `plan-${plan.id}`;
  const payable = payableInstalment(plan);
  const instalments = [...plan.instalments].sort((a, b) => a.number - b.number);
  // Only a paid plan pauses (nothing paid: not paying frees the lessons), and only weeks still to come.
  const pausable = plan.status === 'active' ? pauseChoices(plan, lessons) : [];
  return (
    <article className="card booking-card plan-card" aria-labelledby={titleId}>
      <div className="booking-card-head">
        <h3 id={titleId}>{t('mine.cardTitle', { subject })}</h3>
        <span className={plan.status === 'active' ? 'badge' : plan.status === 'declined' || plan.status === 'ended' ? 'badge badge-out' : 'badge badge-wait'}>{t(`status.${plan.status}`)}</span>
      </div>
      <dl className="booking-facts">
        {first?.learner && (
          <>
            <dt>{t('fact.learner')}</dt>
            <dd>{t('learnerName', { name: first.learner.firstName, level: learnerLevel(first.learner.grade, first.learner.curriculum, language) })}</dd>
          </>
        )}
        {first && (
          <>
            <dt>{t('fact.tutor')}</dt>
            <dd>{`${first.tutor.firstName} ${first.tutor.lastName}`.trim()}</dd>
          </>
        )}
        <dt>{t('fact.when')}</dt>
        <dd><PlanSlot slot={plan} tutorZone={plan.timeZone} viewerZone={zone} /></dd>
        <dt>{t('fact.payment')}</dt>
        <dd>{t(`payment.${plan.payment}`)}</dd>
      </dl>
      {plan.status === 'declined' && (
        <div className="alert alert-warn" role="status">
          <p>{t('mine.declined', { date: sessionTime(plan.declinedAt ?? plan.createdAt, 0, zone).date })}</p>
          {plan.declineReason && <p>{t('mine.declineReason', { reason: plan.declineReason })}</p>}
          <Link to={paths.browse()} className={buttonClass('secondary', 'sm')}>{t('mine.findAnother')}</Link>
        </div>
      )}
      {plan.status === 'ended' && (
        <div className="alert alert-info" role="status" data-testid="plan-ended">
          <p>{t(plan.endCause === 'tutor_stopped' ? 'mine.endedTutorStopped' : 'mine.ended', { date: sessionTime(plan.endedAt ?? plan.createdAt, 0, zone).date })}</p>
          {plan.ending && (
            <>
              <p>
                {plan.ending.refunded.length
                  ? t('mine.endedRefund', { amount: ksh(plan.ending.refundAmount), count: plan.ending.refunded.length })
                  : t('mine.endedNoRefund')}
              </p>
              {plan.ending.kept.length > 0 && <p>{t('mine.endedKept', { dates: lessonDates(plan.ending.kept, zone) })}</p>}
            </>
          )}
        </div>
      )}
      {plan.pauses && plan.pauses.length > 0 && (
        <div className="alert alert-info" data-testid="plan-paused">
          {plan.pauses.map((p) => (
            <p key={p.at}>
              {t('mine.paused', { count: p.weeks, date: weekLabel(p.from) })}{' '}
              {p.refunded.length ? t('mine.endedRefund', { amount: ksh(p.refundAmount), count: p.refunded.length }) : t('mine.pausedNoRefund')}
            </p>
          ))}
        </div>
      )}
      {plan.status === 'awaiting_payment' && payable && (
        <p className="booking-hold">{t('mine.hold', { date: sessionTime(plan.holdExpiresAt, 0, zone).date, time: sessionTime(plan.holdExpiresAt, 0, zone).start })}</p>
      )}

      {/* A declined plan has nothing to pay and no lessons left: only the notice above. */}
      {plan.status !== 'declined' && (
        <>
          <h4 className="plan-sub">{t('mine.instalments')}</h4>
          <ul className="plan-instalments" role="list">
            {instalments.map((i) => (
              <li key={i.number} data-testid="plan-instalment">
                <span>{plan.payment === 'term' ? t('instalment.term') : t('instalment.month', { number: i.number })} · {t('instalment.lessons', { count: i.bookingIds.length })}</span>
                <span>{t('instalment.charged', { date: sessionTime(i.chargeAt, 0, zone).date })}</span>
                <strong>{ksh(i.amount)}</strong>
                <span className={i.status === 'paid' ? 'badge' : i.status === 'skipped' ? 'badge badge-out' : 'badge badge-wait'}>{t(`instalment.${i.status}`)}</span>
                {payable?.number === i.number && paying !== i.number && (
                  <Button size="sm" onClick={() => setPaying(i.number)} aria-describedby={titleId}>
                    {t('instalment.pay', { amount: ksh(i.amount) })}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {paying !== null && <PlanPayStep plan={plan} number={paying} heading="h4" />}

          <details className="plan-lessons-details">
            <summary>{t('mine.lessons', { count: lessons.length })}</summary>
            <ol className="plan-lessons">
              {lessons.map((lesson) => {
                const at = sessionTime(lesson.scheduledAt, lesson.durationMinutes, zone);
                return (
                  <li key={lesson.id} className="plan-lesson">
                    <span className="plan-lesson-when">{at.date} · {at.time}</span>
                    <span className="badge">{t(`booking.${lesson.status}`)}</span>
                  </li>
                );
              })}
            </ol>
          </details>
          {(plan.status === 'active' || plan.status === 'awaiting_payment') && (
            <div className="actions">
              {pausable.length > 0 && <PausePlanButton plan={plan} subject={subject} zone={zone} choices={pausable} describedBy={titleId} />}
              <EndPlanButton plan={plan} subject={subject} zone={zone} describedBy={titleId} />
            </div>
          )}
        </>
      )}
    </article>
  );
}
