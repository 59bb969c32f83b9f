/**
 * /payment-callback: the provider sends the payer back here with ?reference=
 * (and ?trxref=). Verifying → success or failed; "pending" is asked again a few times first.
 * Light on purpose (no zod, no forms): it is the first page after a mobile-money payment.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { PaymentSummary } from '@functions/bookings/contract';
import { paymentMessages } from '@functions/bookings/messages';
import { kshMinor, zoneName } from '../../shared/format';
import { viewerTimeZone } from '../../shared/slots';
import { sessionTime } from '../../shared/when';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSession, type AuthLinkState } from '../auth';
import { PublicPage, useSubjectName } from '../tutors';
import { useVerifyPayment } from './bookings-api';
import { useCallbackText, type CallbackText } from './callback-text';
import { callbackMessages } from './messages';
import { callbackStep, paymentReferenceFrom, VERIFY_RETRY_DELAY_MS, type CallbackStep } from './payment-callback';
import '../tutors/tutors.css';
import './bookings.css';

type Result = Exclude<CallbackStep, { kind: 'retry' }>;

export function PaymentCallbackPage() {
  const t = useCallbackText();
  const messages = callbackMessages(t);
  const [params] = useSearchParams();
  const reference = paymentReferenceFrom(params);
  // Signed out (another browser, an expired session): the payment is only shown to its payer.
  const signedOut = useSession().session.status === 'signed-out';
  // Each answer invalidates the lists that show this booking (the hook's onSettled).
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const [result, setResult] = useState<{ reference: string; step: Result } | null>(null);
  // A missing reference needs no call: it is a failure straight away.
  const step: Result | 'verifying' = !reference ? { kind: 'failed' } : result?.reference === reference ? result.step : 'verifying';
  useDocumentTitle(
    step === 'verifying' ? t('title.verifying') : step.kind === 'success' ? messages.successTitle : messages.failedTitle,
  );

  // Move focus to the outcome's heading so it is read out and the next Tab lands on its buttons.
  const heading = useRef<HTMLHeadingElement>(null);
  const stepKind = step === 'verifying' ? step : step.kind;
  useEffect(() => {
    if (stepKind !== 'verifying') heading.current?.focus();
  }, [stepKind]);

  useEffect(() => {
    if (!reference) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retries = 0;
    const attempt = async () => {
      let outcome: Parameters<typeof callbackStep>[1];
      try {
        outcome = { result: await verifyPayment({ reference, signal: controller.signal }) };
      } catch (error) {
        if (controller.signal.aborted) return;
        console.error('Payment verification failed', error);
        outcome = { error };
      }
      const next = callbackStep(reference, outcome, retries);
      if (next.kind === 'retry') {
        retries += 1;
        timer = setTimeout(() => void attempt(), VERIFY_RETRY_DELAY_MS);
        return;
      }
      setResult({ reference, step: next });
    };
    void attempt();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [reference, verifyPayment]);

  return (
    <PublicPage>
      <section className="card callback-card" aria-live="polite">
        {step === 'verifying' ? (
          <>
            <Spinner decorative />
            <h1>{messages.verifying}</h1>
            <p className="muted">{t('keepOpen')}</p>
          </>
        ) : step.kind === 'success' ? (
          <>
            <span className="callback-icon callback-icon-success" aria-hidden="true">
              ✓
            </span>
            <h1 ref={heading} tabIndex={-1}>
              {messages.successTitle}
            </h1>
            {/* A course's text is the server's ("You are enrolled…"), already in the reader's language. */}
            <p data-testid="callback-success-text">
              {step.courseId ? step.message ?? messages.successText
                : step.packId ? t('packPaid', { count: step.summary?.lessonCount ?? 0 })
                  : messages.successText}
            </p>
            <p className="muted">{messages.emailNote}</p>
            {step.summary ? <PurchaseSummary summary={step.summary} t={t} /> : (
              <p>
                {t('reference')} <span className="reference">{step.reference}</span>
              </p>
            )}
            {step.packId ? (
              <div className="actions">
                <Link to={paths.pack(step.packId)} className={buttonClass('primary', 'lg')}>
                  {t('bookFromPack')}
                </Link>
                <Link to={paths.myBookings} className={buttonClass('secondary', 'lg')}>
                  {t('myBookings')}
                </Link>
              </div>
            ) : step.courseId ? (
              <div className="actions">
                <Link to={paths.course(step.courseId)} className={buttonClass('primary', 'lg')}>
                  {t('goToCourse')}
                </Link>
                <Link to={paths.studentDashboard} className={buttonClass('secondary', 'lg')}>
                  {t('dashboard')}
                </Link>
              </div>
            ) : (
              <div className="actions">
                <Link to={paths.studentDashboard} className={buttonClass('primary', 'lg')}>
                  {t('dashboard')}
                </Link>
                <Link to={paths.myBookings} className={buttonClass('secondary', 'lg')}>
                  {t('myBookings')}
                </Link>
              </div>
            )}
          </>
        ) : (
          <>
            <span className="callback-icon callback-icon-failed" aria-hidden="true">
              !
            </span>
            <h1 ref={heading} tabIndex={-1}>
              {messages.failedTitle}
            </h1>
            <p>{messages.failedText}</p>
            {step.message && !sameAsFailedText(step.message, messages.failedText) && <p>{step.message}</p>}
            <p className="muted">{messages.stillProcessing}</p>
            {step.summary ? <PurchaseSummary summary={step.summary} t={t} /> : reference && (
              <p>
                {t('reference')} <span className="reference">{reference}</span>
              </p>
            )}
            {signedOut && <p>{t('signInToSee')}</p>}
            <div className="actions">
              {signedOut && (
                <Link
                  to={paths.auth}
                  state={{ returnTo: `${paths.paymentCallback}?${params.toString()}` } satisfies AuthLinkState}
                  className={buttonClass('primary', 'lg')}
                >
                  {t('signIn')}
                </Link>
              )}
              {step.summary?.canPayAgain && step.bookingId && <PayAgain bookingId={step.bookingId} label={t('payAgain')} />}
              {step.summary && !step.summary.canPayAgain && step.summary.kind === 'lesson' ? (
                <Link to={paths.bookTutor(step.summary.tutorId)} className={buttonClass('primary', 'lg')}>
                  {t('bookAgain')}
                </Link>
              ) : !step.summary?.canPayAgain && (
                <Link to={paths.browse()} className={buttonClass(signedOut ? 'secondary' : 'primary', 'lg')}>
                  {t('browse')}
                </Link>
              )}
              <Link to={paths.myBookings} className={buttonClass('secondary', 'lg')}>
                {t('myBookings')}
              </Link>
            </div>
          </>
        )}
      </section>
    </PublicPage>
  );
}

/** What was bought, as the server read it from the payment's own record; times on the viewer's clock. */
function PurchaseSummary({ summary, t }: { summary: PaymentSummary; t: CallbackText }) {
  const subjectName = useSubjectName();
  const zone = useMemo(viewerTimeZone, []);
  const when = summary.scheduledAt ? sessionTime(summary.scheduledAt, summary.durationMinutes ?? 0, zone) : null;
  const paid = summary.paidAt ? sessionTime(summary.paidAt, 0, zone) : null;
  return (
    <dl className="booking-facts callback-summary">
      {summary.courseTitle && (
        <>
          <dt>{t('fact.course')}</dt>
          <dd>{summary.courseTitle}</dd>
        </>
      )}
      {summary.tutorName && (
        <>
          <dt>{t('fact.tutor')}</dt>
          <dd>{summary.tutorName}</dd>
        </>
      )}
      {summary.subject && (
        <>
          <dt>{t('fact.subject')}</dt>
          <dd>{subjectName(summary.subject)}</dd>
        </>
      )}
      {summary.kind === 'pack' && summary.lessonCount !== undefined && (
        <>
          <dt>{t('fact.packLessons')}</dt>
          <dd>{t('fact.lessonsValue', { count: summary.lessonCount })}</dd>
        </>
      )}
      {summary.kind === 'plan' && summary.lessonCount !== undefined && (
        <>
          <dt>{t('fact.lessons')}</dt>
          <dd>{t('fact.lessonsValue', { count: summary.lessonCount })}</dd>
        </>
      )}
      {when && (
        <>
          <dt>{t('fact.when')}</dt>
          <dd>{t('fact.whenValue', { date: when.date, time: when.time, zone: zoneName(zone) })}</dd>
        </>
      )}
      {paid && (
        <>
          <dt>{t('fact.paid')}</dt>
          <dd>{t('fact.paidValue', { date: paid.date, time: paid.start, zone: zoneName(zone) })}</dd>
        </>
      )}
      <dt>{t('fact.amount')}</dt>
      <dd className="num">{kshMinor(summary.amountMinor, summary.currency)}</dd>
      <dt>{t('fact.reference')}</dt>
      <dd className="reference">{summary.reference}</dd>
    </dl>
  );
}

/** Pay again: the booking's payment page, while it still holds its time (the server said so). */
function PayAgain({ bookingId, label }: { bookingId: string; label: string }) {
  return (
    <Link to={paths.pay(bookingId)} className={buttonClass('primary', 'lg')}>
      {label}
    </Link>
  );
}

/** The server's failure text says what the page already says (in English, or in the reader's language). */
const sameAsFailedText = (message: string, failedText: string) => message === failedText || message === paymentMessages.failed;
