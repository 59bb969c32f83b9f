/**
 * /my-bookings (any signed-in user): the caller's bookings as student or as tutor, on the
 * viewer's clock, in sections: upcoming (soonest first), past, cancelled and expired (the latest
 * first; an expired hold offers Book again with the same tutor). Verify Payment while a payment is pending with a reference; Pay
 * now while a student's unpaid booking still holds its time; Join session once paid; Cancel (a
 * confirm dialog says first whether the money comes back, and until when a cancel is free).
 * A family's weekly lessons (features/plans) come first, with their instalments; a plan's lessons
 * join the list once paid. Then the family's lesson packs (features/packs): pay one, or book a
 * lesson from its credits.
 */
import { Suspense, useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import type { Booking } from '@functions/bookings/contract';
import { reasonOf } from '../../shared/api';
import { checkoutMessages } from '../../shared/checkout';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession } from '../auth';
import { MessageBookingButton } from '../conversations';
import { LessonProblem } from '../disputes';
import { LessonReportOnCard } from '../reports';
import { LessonReview } from '../reviews';
import { useSubjectName } from '../tutors';
import { viewerTimeZone } from '../../shared/slots';
import {
  BOOKING_SECTIONS, bookingSections, bookingsFor, canBookAgain, listedSingly, canCancel, cancellationSummary, cancelOutcome, canJoin, canPayNow, canVerifyPayment, otherParty,
} from './booking-status';
import { myBookingsQuery, useCancelBooking, useVerifyPayment } from './bookings-api';
import { Dialog } from '../../shared/ui/Dialog';
import { BookingBadges, JoinSession } from './components';
import { RescheduleSection } from './Reschedule';
import { listMessages, verifyPaymentToast } from './messages';
import { useMyBookingsText, type MyBookingsText } from './mine-text';
import { useBookingsText } from './text';
import { ksh, zoneName } from '../../shared/format';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import { useActiveLanguage } from '../../shared/i18n/text';
import { learnerLevel } from '@functions/households/grades-catalog';
import { useActiveLearner } from '../households';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { actsAsStudent } from '@functions/auth/roles-catalog';
import { useViewer } from '../auth';
import './bookings.css';

// Its own chunk: the page's first load stays within its budget, and tutors never fetch it.
const WeeklyLessonsSection = lazyWithRetry(() => import('../plans').then((m) => m.WeeklyLessonsSection));
const MyPacksSection = lazyWithRetry(() => import('../packs').then((m) => m.MyPacksSection));

export function MyBookingsPage() {
  const t = useMyBookingsText();
  const common = useBookingsText();
  const list = listMessages(common);
  useDocumentTitle(t('title'));
  const { session } = useSession();
  const viewer = useViewer();
  const viewerId = session.status === 'signed-in' ? session.userId : undefined;
  const query = useQuery(myBookingsQuery());
  const zone = useMemo(viewerTimeZone, []);
  // A parent sees every child's lessons, or one child's (?learner=…, which a dashboard card opens).
  const { isParent, learners } = useActiveLearner();
  const [params, setParams] = useSearchParams();
  const learnerFilter = isParent ? (params.get('learner') ?? 'all') : 'all';
  const chooseLearner = (id: string) => setParams((now) => {
    const next = new URLSearchParams(now);
    if (id === 'all') next.delete('learner');
    else next.set('learner', id);
    return next;
  }, { replace: true });

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('title')}</h1>
      </div>
      <p className="muted">{common('zone.yours', { zone: zoneName(zone) })}</p>
      {isParent && learners.length > 0 && (
        <div className="learner-filter" role="group" aria-label={t('filter.label')}>
          {[{ id: 'all', label: t('filter.all') }, ...learners.map((l) => ({ id: l.id, label: l.firstName }))].map((chip) => (
            <button
              key={chip.id}
              type="button"
              className="learner-chip"
              aria-pressed={learnerFilter === chip.id}
              onClick={() => chooseLearner(chip.id)}
            >
              {chip.label}
            </button>
          ))}
        </div>
      )}
      {viewer.kind === 'user' && actsAsStudent(viewer.role) && !viewer.linked && (
        <PartBoundary>
          <Suspense fallback={null}>
            <WeeklyLessonsSection learnerId={learnerFilter === 'all' ? undefined : learnerFilter} />
          </Suspense>
        </PartBoundary>
      )}
      {viewer.kind === 'user' && actsAsStudent(viewer.role) && !viewer.linked && (
        <PartBoundary>
          <Suspense fallback={null}>
            <MyPacksSection learnerId={learnerFilter === 'all' ? undefined : learnerFilter} />
          </Suspense>
        </PartBoundary>
      )}
      <QueryState
        query={query}
        loading={common('list.loading')}
        error={{ title: list.loadError }}
        empty={{
          when: (bookings) => bookings.length === 0,
          show: (
            <StateCard title={list.emptyTitle} text={list.empty}>
              <Link to={paths.browse()} className={buttonClass('primary')}>
                {common('nav.browse')}
              </Link>
            </StateCard>
          ),
        }}
      >
        {(all) => {
          const shown = bookingsFor(all, learnerFilter).filter(listedSingly);
          const child = learners.find((l) => l.id === learnerFilter);
          if (shown.length === 0 && child) return <p className="muted">{t('filter.none', { name: child.firstName })}</p>;
          const sections = bookingSections(shown);
          return BOOKING_SECTIONS.filter((section) => sections[section].length > 0).map((section) => (
            <section key={section} className="booking-section" aria-labelledby={`bookings-${section}`}>
              <h2 id={`bookings-${section}`} className="booking-section-title">
                {t(`section.${section}`)} <span className="muted num">({sections[section].length})</span>
              </h2>
              <ul className="booking-list" role="list" aria-busy={query.isFetching || undefined}>
                {sections[section].map((booking) => (
                  <li key={booking.id}>
                    <BookingCard booking={booking} viewerId={viewerId} zone={zone} />
                  </li>
                ))}
              </ul>
            </section>
          ));
        }}
      </QueryState>
    </DashboardShell>
  );
}

function BookingCard({ booking, viewerId, zone }: { booking: Booking; viewerId: string | undefined; zone: string }) {
  const t = useMyBookingsText();
  const common = useBookingsText();
  const toast = useToast();
  const verifyPayment = useVerifyPayment();
  const verifying = verifyPayment.isPending;
  const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
  const party = otherParty(booking, viewerId);
  const titleId = `booking-${booking.id}`;

  const verify = async () => {
    if (!booking.paymentReference) return;
    try {
      const result = await verifyPayment.mutateAsync({ reference: booking.paymentReference });
      const { kind, text } = verifyPaymentToast(result, t);
      toast.show(text, kind);
    } catch (error) {
      console.error('Verify payment failed', error);
      toast.error(checkoutMessages.error(reasonOf(error)));
    }
  };

  const [cancelling, setCancelling] = useState(false);
  const actions = {
    pay: canPayNow(booking, viewerId),
    verify: canVerifyPayment(booking),
    join: canJoin(booking),
    cancel: canCancel(booking, viewerId),
    bookAgain: canBookAgain(booking, viewerId),
  };
  const cancelled = cancellationSummary(booking, viewerId, booking.studentId, t);
  const subject = useSubjectName()(booking.subject);
  const language = useActiveLanguage();

  return (
    <article className="card booking-card" aria-labelledby={titleId}>
      <div className="booking-card-head">
        <h3 id={titleId}>{subject}</h3>
        <BookingBadges booking={booking} />
      </div>
      <dl className="booking-facts">
        {booking.learner && (
          <>
            <dt>{common('fact.learner')}</dt>
            <dd>{common('learnerName', { name: booking.learner.firstName, level: learnerLevel(booking.learner.grade, booking.learner.curriculum, language) })}</dd>
          </>
        )}
        <dt>{common(party.role === 'tutor' ? 'fact.tutor' : booking.learner ? 'fact.parent' : 'fact.student')}</dt>
        <dd>{party.name}</dd>
        <dt>{common('fact.date')}</dt>
        <dd>{when.date}</dd>
        <dt>{common('fact.time')}</dt>
        <dd>{when.time}</dd>
        <dt>{common('fact.duration')}</dt>
        <dd>{durationLabel(booking.durationMinutes)}</dd>
        <dt>{common('fact.total')}</dt>
        <dd>{ksh(booking.totalAmount)}</dd>
      </dl>
      {booking.notes && (
        <p className="booking-notes">
          <span className="muted">{t('notes')} </span>
          {booking.notes}
        </p>
      )}
      {actions.pay && booking.holdExpiresAt && (
        <p className="booking-hold">{t('hold', { time: clockTime(booking.holdExpiresAt, zone) })}</p>
      )}
      {cancelled && <p className="booking-cancelled">{cancelled}</p>}
      {actions.cancel && booking.paymentStatus === 'paid' && booking.freeCancellationUntil && booking.studentId === viewerId && (
        <p className="booking-hold">
          {freeCancellationLine(booking.freeCancellationUntil, zone, t)}
        </p>
      )}
      {booking.status !== 'cancelled' && (
        <RescheduleSection booking={booking} viewerId={viewerId} otherName={party.name} zone={zone} describedBy={titleId} />
      )}
      {booking.status === 'completed' && <LessonReportOnCard bookingId={booking.id} describedBy={titleId} />}
      {booking.status === 'completed' && booking.paymentStatus === 'paid' && booking.studentId === viewerId && (
        <LessonReview bookingId={booking.id} tutorId={booking.tutorId} />
      )}
      {booking.status === 'completed' && booking.studentId === viewerId && <LessonProblem booking={booking} zone={zone} />}
      {viewerId && (
        <div className="booking-card-actions">
          {actions.bookAgain && (
            <Link to={paths.bookTutor(booking.tutorId)} className={buttonClass('primary', 'sm')} aria-describedby={titleId}>
              {t('bookAgain')}
            </Link>
          )}
          {actions.join && <JoinSession booking={booking} zone={zone} describedBy={titleId} />}
          {actions.pay && (
            <Link to={paths.pay(booking.id)} className={buttonClass('primary', 'sm')} aria-describedby={titleId}>
              {t('payNow')}
            </Link>
          )}
          {actions.verify && (
            <Button size="sm" variant="secondary" busy={verifying} onClick={() => void verify()} aria-describedby={titleId}>
              {t('verify')}
            </Button>
          )}
          {actions.cancel && (
            <Button size="sm" variant="ghost" onClick={() => setCancelling(true)} aria-describedby={titleId}>
              {t('cancel')}
            </Button>
          )}
          <MessageBookingButton bookingId={booking.id} describedBy={titleId} />
        </div>
      )}
      <Dialog open={cancelling} title={t('cancelTitle', { subject, name: party.name })} onClose={() => setCancelling(false)}>
        <CancelForm booking={booking} viewerId={viewerId} zone={zone} when={t('cancelWhen', { date: when.date, time: when.time })} onDone={() => setCancelling(false)} />
      </Dialog>
    </article>
  );
}

/** The free-cancellation deadline ("Tue 24 Nov 2026 at 09:00" on the viewer's clock), or that it has passed (then a student's cancel is not refunded). */
function freeCancellationLine(iso: string, zone: string, t: MyBookingsText, now = new Date()): string {
  const at = sessionTime(iso, 0, zone);
  return t(Date.parse(iso) > now.getTime() ? 'freeUntil' : 'freeEnded', { date: at.date, time: at.start });
}

/** Mounted when the dialog opens: the outcome is worked out at that moment, the reason starts empty. */
function CancelForm({ booking, viewerId, zone, when, onDone }: { booking: Booking; viewerId: string | undefined; zone: string; when: string; onDone: () => void }) {
  const id = useId();
  const t = useMyBookingsText();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const cancel = useCancelBooking();
  const outcome = cancelOutcome(booking, viewerId, t);
  const isStudentPaid = booking.paymentStatus === 'paid' && booking.studentId === viewerId;
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        cancel.mutate(
          { bookingId: booking.id, tutorId: booking.tutorId, reason: reason.trim() || undefined },
          {
            onSuccess: ({ booking: after }) => {
              toast.success(t(after.cancellation?.refundDue && after.paymentStatus !== 'pending' ? 'cancelledRefund' : 'cancelled'));
              onDone();
            },
          },
        );
      }}
    >
      <p>{when}</p>
      <p className={outcome.refund ? 'alert alert-success' : 'alert alert-warn'} role="status">
        {outcome.text}
      </p>
      {isStudentPaid && booking.freeCancellationUntil && (
        <p className="muted">{freeCancellationLine(booking.freeCancellationUntil, zone, t)} ({zoneName(zone)})</p>
      )}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('reason')}</label>
        <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      {cancel.isError && (
        <p className="alert alert-error" role="alert">
          {t('cancelFailed', { reason: reasonOf(cancel.error) })}
        </p>
      )}
      <div className="actions">
        <Button variant="ghost" onClick={onDone} disabled={cancel.isPending}>
          {t('keep')}
        </Button>
        <Button type="submit" variant="danger" busy={cancel.isPending}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
