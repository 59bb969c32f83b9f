/**
 * /pay/:bookingId: paying for a held lesson without leaving the page. M-Pesa first: the payer
 * gives the number (their profile's, prefilled), we push the prompt, and the page waits while they
 * enter the PIN on the phone, asking our API as often as it says (it asks Paystack at most every
 * 10 s). Each way a prompt fails has its own words and "Send the prompt again"; after two
 * failures Paybill (PaybillCheckout) and the card / Paystack page are offered first. Paid, the payment's own page
 * (/payment-callback) shows what was bought.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import { offersPaybill, type MpesaPromptResponse } from '@functions/payments/contract';
import { callApi, reasonOf } from '../../shared/api';
import { kshMinor } from '../../shared/format';
import { paths } from '../../shared/paths';
import { viewerTimeZone } from '../../shared/slots';
import { Button, buttonClass } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useActiveLanguage } from '../../shared/i18n/text';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { clockTime, durationLabel, sessionTime } from '../../shared/when';
import { useMe } from '../auth';
import { localMobile, myPhoneQuery } from '../phones';
import { fullName, PublicPage, tutorQuery, useSubjectName } from '../tutors';
import { bookingKeys } from './keys';
import { paymentStartError, useStartPayment } from './pay';
import { PaybillCheckout } from './PaybillCheckout';
import { usePayText, type PayText } from './pay-text';
import { useFollowPayment } from './use-follow-payment';
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
        <PaymentChoices booking={booking} t={t} />
      )}
    </>
  );
}

function PaymentChoices({ booking, t }: { booking: Booking; t: PayText }) {
  const [failures, setFailures] = useState(0);
  // Paybill goes to the number the last prompt went to: Paystack's M-Pesa offline names the payer's phone too.
  const [lastPhone, setLastPhone] = useState('');
  const onFailure = useCallback((phone: string) => {
    setLastPhone(phone);
    setFailures((n) => n + 1);
  }, []);
  const fallback = offersPaybill(failures);
  const card = <CardCheckout bookingId={booking.id} t={t} first={fallback} />;
  return (
    <>
      {fallback && (
        <PaybillCheckout
          amountMinor={booking.amountMinor}
          t={t}
          start={() => callApi('sendMpesaPrompt', { body: { bookingId: booking.id, phone: lastPhone, method: 'paybill' } })}
        />
      )}
      {fallback && card}
      <MpesaPrompt bookingId={booking.id} t={t} onFailure={onFailure} />
      {!fallback && card}
    </>
  );
}

function CardCheckout({ bookingId, t, first }: { bookingId: string; t: PayText; first: boolean }) {
  const toast = useToast();
  const start = useStartPayment();
  return (
    <section className="card" aria-labelledby="pay-card">
      <h2 id="pay-card">{t('card.title')}</h2>
      <p className={first ? 'alert alert-info' : 'muted'}>{first ? t('card.afterFailures') : t('card.intro')}</p>
      <Button
        variant={first ? 'primary' : 'secondary'}
        busy={start.isPending || start.isSuccess}
        onClick={() => start.mutateAsync(bookingId).catch((error: unknown) => toast.error(paymentStartError(error)))}
      >
        {t('card.pay')}
      </Button>
    </section>
  );
}

type PromptView = { kind: 'form' } | { kind: 'sending' } | { kind: 'prompt'; prompt: MpesaPromptResponse };

const FAILED_STATES = new Set<MpesaPromptResponse['state']>(['cancelled', 'unreachable', 'insufficient_funds', 'declined', 'timeout']);

function MpesaPrompt({ bookingId, t, onFailure }: { bookingId: string; t: PayText; onFailure: (phone: string) => void }) {
  const { profile } = useMe();
  const toast = useToast();
  const [phone, setPhone] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [view, setView] = useState<PromptView>({ kind: 'form' });
  // The verified number first: it is the one the payer proved is theirs.
  const verified = useQuery({ ...myPhoneQuery(), retry: false }).data?.verified?.phone;
  const number = phone ?? (verified ? localMobile(verified) : undefined) ?? profile?.phone ?? '';
  const status = useRef<HTMLParagraphElement>(null);

  const send = async () => {
    setFieldError(undefined);
    setView({ kind: 'sending' });
    try {
      const prompt = await callApi('sendMpesaPrompt', { body: { bookingId, phone: number } });
      setView({ kind: 'prompt', prompt });
      if (FAILED_STATES.has(prompt.state)) onFailure(number);
    } catch (error) {
      setView({ kind: 'form' });
      const field = error instanceof Error && 'fields' in error ? (error as { fields: { path: string; message: string }[] }).fields.find((f) => f.path === 'phone') : undefined;
      if (field) setFieldError(field.message);
      else toast.error(t('mpesa.failed', { reason: reasonOf(error) }));
    }
  };

  const prompt = view.kind === 'prompt' ? view.prompt : null;
  useFollowPayment(prompt, useCallback((next: MpesaPromptResponse) => {
    setView({ kind: 'prompt', prompt: next });
    if (FAILED_STATES.has(next.state)) onFailure(number);
  }, [onFailure, number]));

  useEffect(() => {
    if (prompt && prompt.state !== 'waiting') status.current?.focus();
  }, [prompt]);

  return (
    <section className="card mpesa-card" aria-labelledby="pay-mpesa">
      <h2 id="pay-mpesa">{t('mpesa.title')}</h2>
      {!prompt || view.kind !== 'prompt' ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="muted">{t('mpesa.intro')}</p>
          <TextField
            id="mpesa-phone"
            label={t('mpesa.phone')}
            hint={t('mpesa.phoneHint')}
            error={fieldError}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            onChange={(event) => setPhone(event.target.value)}
          />
          <Button type="submit" size="lg" busy={view.kind === 'sending'}>{t('mpesa.send')}</Button>
        </form>
      ) : prompt.state === 'waiting' ? (
        <div className="mpesa-waiting" role="status">
          <Spinner />
          <p className="mpesa-state"><strong>{t('mpesa.waiting')}</strong></p>
          <p className="muted">{t('mpesa.sentTo', { phone: prompt.phone })}</p>
        </div>
      ) : (
        <div className="mpesa-result">
          <p ref={status} tabIndex={-1} role="alert" className={prompt.state === 'paid' ? 'alert alert-success' : 'alert alert-error'}>
            {t(`mpesa.${prompt.state}`)}
          </p>
          {FAILED_STATES.has(prompt.state) && (
            <div className="form-actions">
              <Button size="lg" busy={false} onClick={() => void send()}>{t('mpesa.again')}</Button>
              <Button variant="ghost" onClick={() => setView({ kind: 'form' })}>{t('mpesa.otherNumber')}</Button>
            </div>
          )}
        </div>
      )}
    </section>
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
