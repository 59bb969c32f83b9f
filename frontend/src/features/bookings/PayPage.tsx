/**
 * /pay/:bookingId: paying for a held lesson without leaving the page (MpesaCheckout: the M-Pesa
 * prompt first; Paybill and the card / Paystack page after two failures). Paid, the payment's own
 * page (/payment-callback) shows what was bought.
 */
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import { callApi } from '../../shared/api';
import { kshMinor } from '../../shared/format';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { buttonClass } from '../../shared/ui/Button';
import { QueryState } from '../../shared/ui/QueryState';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import { fullName, PublicPage, tutorQuery, useSubjectName } from '../tutors';
import { bookingKeys } from './keys';
import { MpesaCheckout } from './MpesaCheckout';
import { useStartPayment } from './pay';
import { usePayText, type PayText } from './pay-text';
import '../tutors/tutors.css';
import './bookings.css';
import { PayerOnly } from '../households';

export function PayPage() {
  const t = usePayText();
  useDocumentTitle(t('title'));
  const { bookingId = '' } = useParams();
  const query = useQuery({
    queryKey: [...bookingKeys.all, 'one', bookingId],
    queryFn: ({ signal }) => callApi('getBooking', { params: { bookingId }, signal }),
    select: (data) => data.booking,
  });
  return (
    <PublicPage>
      <div className="container narrow pay-page">
        <h1>{t('title')}</h1>
        <QueryState query={query} loading={t('loading')} error={{ title: t('loadError') }}>
          {(booking) => <PayForBooking booking={booking} t={t} />}
        </QueryState>
      </div>
    </PublicPage>
  );
}

function PayForBooking({ booking, t }: { booking: Booking; t: PayText }) {
  const zone = viewerTimeZone();
  const subjectName = useSubjectName();
  const language = useActiveLanguage();
  const tutor = useQuery(tutorQuery(booking.tutorId));
  const when = sessionTime(booking.scheduledAt, booking.durationMinutes, zone);
  const tutorName = tutor.data ? fullName(tutor.data) : null;
  const holdOpen = booking.status === 'pending' && booking.paymentStatus !== 'paid'
    && (!booking.holdExpiresAt || Date.parse(booking.holdExpiresAt) > Date.now());

  return (
    <>
      <section className="card pay-summary" aria-label={t('title')}>
        <p className="pay-subject">
          {tutorName ? t('summary.subjectWith', { subject: subjectName(booking.subject), tutor: tutorName }) : t('summary.subject', { subject: subjectName(booking.subject) })}
        </p>
        {booking.learner && (
          <p>{t('summary.for', { name: booking.learner.firstName, level: learnerLevel(booking.learner.grade, booking.learner.curriculum, language) })}</p>
        )}
        <p>{t('summary.when', { date: when.date, time: when.time, duration: durationLabel(booking.durationMinutes) })}</p>
        <p className="pay-amount">
          <span className="muted">{t('summary.amount')}</span> <strong>{kshMinor(booking.amountMinor)}</strong>
        </p>
        {holdOpen && booking.holdExpiresAt && <p className="muted">{t('summary.hold', { time: clockTime(booking.holdExpiresAt, zone) })}</p>}
      </section>
      {booking.paymentStatus === 'paid' ? (
        <section className="card" aria-labelledby="pay-done">
          <h2 id="pay-done">{t('paid.title')}</h2>
          <p>{t('paid.text')}</p>
          <Link to={paths.myBookings} className={buttonClass('primary')}>{t('myBookings')}</Link>
        </section>
      ) : !holdOpen ? (
        <section className="card" aria-labelledby="pay-closed">
          <h2 id="pay-closed">{t('closed.title')}</h2>
          <p>{t('closed.text')}</p>
          <Link to={paths.bookTutor(booking.tutorId)} className={buttonClass('primary')}>{t('bookAgain')}</Link>
        </section>
      ) : (
        <PaymentChoices booking={booking} />
      )}
    </>
  );
}

function PaymentChoices({ booking }: { booking: Booking }) {
  const start = useStartPayment();
  return (
    <MpesaCheckout
      amountMinor={booking.amountMinor}
      paidFor="lesson"
      send={(payment) => callApi('sendMpesaPrompt', { body: { ...payment, bookingId: booking.id } })}
      payByCard={() => start.mutateAsync(booking.id)}
    />
  );
}

/**
 * The route's page: a linked learner's parent books and pays, so they read that instead of the
 * form. The check lives in this lazy chunk, not in the route table, so the households notice and
 * the dashboard shell it draws stay out of every page's first load.
 */
export function PayPageForPayer() {
  return (
    <PayerOnly>
      <PayPage />
    </PayerOnly>
  );
}
