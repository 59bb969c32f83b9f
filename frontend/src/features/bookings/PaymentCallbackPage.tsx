/**
 * /payment-callback (spec §2, §4): the provider sends the payer back here with ?reference=
 * (and ?trxref=). Verifying → success or failed; "pending" is asked again a few times first.
 * Light on purpose (no zod, no forms): it is the first page after a mobile-money payment.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PublicPage } from '../tutors';
import { useVerifyPayment } from './bookings-api';
import { callbackMessages } from './messages';
import { callbackStep, paymentReferenceFrom, VERIFY_RETRY_DELAY_MS, type CallbackStep } from './payment-callback';
import '../tutors/tutors.css';
import './bookings.css';

type Result = Exclude<CallbackStep, { kind: 'retry' }>;

export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const reference = paymentReferenceFrom(params);
  // Each answer invalidates the lists that show this booking (the hook's onSettled).
  const { mutateAsync: verifyPayment } = useVerifyPayment();
  const [result, setResult] = useState<{ reference: string; step: Result } | null>(null);
  // A missing reference needs no call: it is a failure straight away (spec §4).
  const step: Result | 'verifying' = !reference ? { kind: 'failed' } : result?.reference === reference ? result.step : 'verifying';
  useDocumentTitle(
    step === 'verifying' ? 'Verifying payment' : step.kind === 'success' ? callbackMessages.successTitle : callbackMessages.failedTitle,
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

  if (step !== 'verifying' && step.kind === 'success' && step.courseId) {
    return <BackToCourse courseId={step.courseId} message={step.message} />;
  }
  return (
    <PublicPage>
      <section className="card callback-card" aria-live="polite">
        {step === 'verifying' ? (
          <>
            <Spinner decorative />
            <h1>{callbackMessages.verifying}</h1>
            <p className="muted">This can take a few seconds on mobile money. Please keep this page open.</p>
          </>
        ) : step.kind === 'success' ? (
          <>
            <span className="callback-icon callback-icon-success" aria-hidden="true">
              ✓
            </span>
            <h1 ref={heading} tabIndex={-1}>
              {callbackMessages.successTitle}
            </h1>
            <p>{callbackMessages.successText}</p>
            <p className="muted">{callbackMessages.emailNote}</p>
            <p>
              Reference: <span className="reference">{step.reference}</span>
            </p>
            <div className="actions">
              <Link to={paths.studentDashboard} className={buttonClass('primary', 'lg')}>
                Go to Dashboard
              </Link>
              <Link to={paths.myBookings} className={buttonClass('secondary', 'lg')}>
                My Bookings
              </Link>
            </div>
          </>
        ) : (
          <>
            <span className="callback-icon callback-icon-failed" aria-hidden="true">
              !
            </span>
            <h1 ref={heading} tabIndex={-1}>
              {callbackMessages.failedTitle}
            </h1>
            <p>{callbackMessages.failedText}</p>
            {step.message && step.message !== callbackMessages.failedText && <p>{step.message}</p>}
            <p className="muted">{callbackMessages.stillProcessing}</p>
            {reference && (
              <p>
                Reference: <span className="reference">{reference}</span>
              </p>
            )}
            <div className="actions">
              <Link to={paths.browse()} className={buttonClass('primary', 'lg')}>
                Browse Tutors
              </Link>
              <Link to={paths.myBookings} className={buttonClass('secondary', 'lg')}>
                My Bookings
              </Link>
            </div>
          </>
        )}
      </section>
    </PublicPage>
  );
}

/** A paid course enrolment (issue 12): back to the course, whose lessons are now open. */
function BackToCourse({ courseId, message }: { courseId: string; message: string | undefined }) {
  const toast = useToast();
  const said = useRef(false);
  useEffect(() => {
    if (said.current) return;
    said.current = true;
    toast.success(message ?? callbackMessages.successTitle);
  }, [toast, message]);
  return <Navigate to={paths.course(courseId)} replace />;
}
