/**
 * The tutor dashboard's weekly plans: the secured weeks (paid plan lessons in this week and the
 * next three) and each plan families set up, with its learner, slot and lessons; a plan still
 * awaiting its first payment can be declined, with a reason the family reads.
 */
import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import type { Plan } from '@functions/plans/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import { reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { useActiveLanguage } from '../../shared/i18n/text';
import { viewerTimeZone } from '../../shared/slots';
import { Button } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { sessionTime } from '../../shared/when';
import { useSubjectName } from '../tutors';
import { PlanSlot } from './components';
import { tutorPlansQuery, useDeclinePlan } from './plans-api';
import { usePlansText } from './text';
import './plans.css';

export function TutorPlansSection() {
  const t = usePlansText();
  const query = useQuery(tutorPlansQuery());
  const zone = useMemo(viewerTimeZone, []);
  return (
    <CardSection id="tutor-plans-title" title={t('tutor.title')}>
      <QueryState
        query={query}
        loading={t('tutor.loading')}
        error={{ title: t('tutor.failed'), look: 'inline' }}
        empty={{ when: (data) => data.plans.length === 0, show: <p className="muted">{t('tutor.empty')}</p> }}
      >
        {(data) => (
          <>
            <h3 className="plan-sub">{t('tutor.secured')}</h3>
            <p className="muted">{t('tutor.securedHint')}</p>
            <ul className="plan-secured" role="list" data-testid="secured-weeks">
              {data.securedWeeks.map((week) => (
                <li key={week.weekStart}>
                  <span>{t('tutor.week', { date: sessionTime(`${week.weekStart}T12:00:00Z`, 0, 'UTC').date })}</span>
                  <strong>{t('tutor.weekLessons', { count: week.lessons })}</strong>
                  {week.amount > 0 && <span>{ksh(week.amount)}</span>}
                </li>
              ))}
            </ul>
            <ul className="booking-list" role="list">
              {data.plans.map(({ plan, lessons }) => (
                <li key={plan.id}>
                  <TutorPlanCard plan={plan} lessons={lessons} zone={zone} />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
    </CardSection>
  );
}

function TutorPlanCard({ plan, lessons, zone }: { plan: Plan; lessons: Booking[]; zone: string }) {
  const t = usePlansText();
  const language = useActiveLanguage();
  const subject = useSubjectName()(plan.subject);
  const [declining, setDeclining] = useState(false);
  const titleId = `tutor-plan-${plan.id}`;
  const first = lessons[0];
  const who = first?.learner
    ? t('learnerName', { name: first.learner.firstName, level: learnerLevel(first.learner.grade, first.learner.curriculum, language) })
    : first ? `${first.student.firstName} ${first.student.lastName}`.trim() : '';
  const upcoming = lessons.filter((l) => l.status !== 'cancelled' && Date.parse(l.scheduledAt) > Date.now());
  return (
    <article className="card booking-card plan-card" aria-labelledby={titleId}>
      <div className="booking-card-head">
        <h4 id={titleId}>{who ? t('tutor.cardTitle', { subject, name: who }) : t('mine.cardTitle', { subject })}</h4>
        <span className={plan.status === 'active' ? 'badge' : plan.status === 'declined' || plan.status === 'ended' ? 'badge badge-out' : 'badge badge-wait'}>{t(`status.${plan.status}`)}</span>
      </div>
      <dl className="booking-facts">
        <dt>{t('fact.when')}</dt>
        <dd><PlanSlot slot={plan} tutorZone={plan.timeZone} viewerZone={zone} /></dd>
        {upcoming[0] && (
          <>
            <dt>{t('tutor.lessons')}</dt>
            <dd>{t('tutor.lessonsLeft', { count: upcoming.length, date: sessionTime(upcoming[0].scheduledAt, 0, zone).date })}</dd>
          </>
        )}
      </dl>
      {plan.status === 'ended' && <p className="muted">{t(plan.endCause === 'tutor_stopped' ? 'tutor.endedStopped' : 'tutor.endedOn', { date: sessionTime(plan.endedAt ?? plan.createdAt, 0, zone).date })}</p>}
      {plan.status === 'declined' && <p className="muted">{t('tutor.declinedOn', { date: sessionTime(plan.declinedAt ?? plan.createdAt, 0, zone).date })}</p>}
      {plan.status === 'awaiting_payment' && (
        <>
          <p className="booking-hold">{t('tutor.awaiting')}</p>
          <Button size="sm" variant="secondary" onClick={() => setDeclining(true)} aria-describedby={titleId}>{t('tutor.decline')}</Button>
        </>
      )}
      <Dialog open={declining} title={t('tutor.declineTitle', { subject })} onClose={() => setDeclining(false)}>
        <DeclineForm planId={plan.id} onDone={() => setDeclining(false)} />
      </Dialog>
    </article>
  );
}

/** Mounted when the dialog opens: the reason starts empty. */
function DeclineForm({ planId, onDone }: { planId: string; onDone: () => void }) {
  const t = usePlansText();
  const id = useId();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const decline = useDeclinePlan();
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        decline.mutate({ planId, reason: reason.trim() || undefined }, {
          onSuccess: () => {
            toast.success(t('tutor.declined'));
            onDone();
          },
        });
      }}
    >
      <p>{t('tutor.declineText')}</p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('tutor.reason')}</label>
        <textarea id={`${id}-reason`} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      {decline.isError && <p className="alert alert-error" role="alert">{t('tutor.declineFailed', { reason: reasonOf(decline.error) })}</p>}
      <div className="actions">
        <Button type="submit" variant="danger" busy={decline.isPending}>{t('tutor.confirmDecline')}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>{t('tutor.keep')}</Button>
      </div>
    </form>
  );
}
