/**
 * "Report a problem" on a taught lesson in My Bookings: offered to the student who paid until 24
 * hours after the lesson's end (reportDeadline, the API's own rule); afterwards the report's state
 * (under review, refunded, released) with the team's note.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import { DISPUTE_REASONS, MAX_DETAILS_LENGTH, reportDeadline, type DisputeReason } from '@functions/disputes/catalog';
import type { Dispute } from '@functions/disputes/contract';
import { reasonOf } from '../../shared/api';
import { kshMinor, lessonTimeIn } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { TextAreaField } from '../../shared/ui/fields';
import { useToast } from '../../shared/ui/toast';
import { myDisputesQuery, useReportProblem } from './disputes-api';
import { useDisputesText } from './text';
import './disputes.css';

export function LessonProblem({ booking, zone }: { booking: Booking; zone: string }) {
  const t = useDisputesText();
  const disputes = useQuery(myDisputesQuery());
  const [reporting, setReporting] = useState(false);
  if (disputes.isPending || disputes.isError) return null;
  const dispute = disputes.data.find((d) => d.bookingId === booking.id);
  if (dispute) return <ProblemState dispute={dispute} />;
  const deadline = reportDeadline(booking);
  if (booking.status !== 'completed' || booking.paymentStatus !== 'paid' || booking.refund || Date.now() > Date.parse(deadline)) return null;
  if (reporting) return <ReportForm bookingId={booking.id} onDone={() => setReporting(false)} />;
  return (
    <div className="lesson-problem">
      <p className="muted">{t('report.lead', { when: lessonTimeIn(deadline, zone) })}</p>
      <Button size="sm" variant="secondary" onClick={() => setReporting(true)}>
        {t('report.open')}
      </Button>
    </div>
  );
}

function ProblemState({ dispute }: { dispute: Dispute }) {
  const t = useDisputesText();
  const decision = dispute.decision;
  const outcome = dispute.status === 'open' ? t('state.open')
    : decision?.outcome === 'release' ? t('state.released')
      : decision?.outcome === 'partial_refund'
        ? t('state.refundedPart', { amount: kshMinor(decision.refundMinor ?? 0), paid: kshMinor(dispute.paidMinor) })
        : t('state.refunded', { amount: kshMinor(decision?.refundMinor ?? dispute.paidMinor) });
  return (
    <div className="lesson-problem" data-testid="lesson-problem">
      <p>
        <strong>{t('state.title')}</strong>{' '}
        <span className={`status-badge ${dispute.status === 'open' ? 'tone-pending' : 'tone-success'}`}>{outcome}</span>
      </p>
      <p className="muted">{dispute.reportedBy === 'admin' ? t('state.byTeam') : t('state.reason', { reason: t(`reason.${dispute.reason}`) })}</p>
      {decision && (
        <p className="pre-line">
          <span className="muted">{t('state.note')} </span>
          {decision.note}
        </p>
      )}
    </div>
  );
}

function ReportForm({ bookingId, onDone }: { bookingId: string; onDone: () => void }) {
  const t = useDisputesText();
  const toast = useToast();
  const report = useReportProblem();
  const [reason, setReason] = useState<DisputeReason>('tutor_absent');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string>();
  const detailsId = `problem-details-${bookingId}`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason === 'other' && !details.trim()) {
      setError(t('report.detailsRequired'));
      return;
    }
    try {
      const answer = await report.mutateAsync({ bookingId, body: { reason, ...(details.trim() ? { details: details.trim() } : {}) } });
      toast.success(answer.message);
      onDone();
    } catch (failure) {
      toast.error(reasonOf(failure));
    }
  };

  return (
    <form className="lesson-problem problem-form" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset className="problem-reasons">
        <legend>{t('report.reason')}</legend>
        {DISPUTE_REASONS.map((r) => (
          <label key={r} className="problem-reason">
            <input type="radio" name={`problem-reason-${bookingId}`} value={r} checked={reason === r} onChange={() => { setReason(r); setError(undefined); }} />
            {t(`reason.${r}`)}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        id={detailsId}
        label={t('report.details')}
        hint={t('report.detailsHint', { max: MAX_DETAILS_LENGTH })}
        error={error}
        maxLength={MAX_DETAILS_LENGTH}
        rows={3}
        value={details}
        onChange={(event) => { setDetails(event.target.value); setError(undefined); }}
      />
      <div className="problem-form-actions">
        <Button size="sm" type="submit" busy={report.isPending}>
          {t('report.submit')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t('report.cancel')}
        </Button>
      </div>
    </form>
  );
}
