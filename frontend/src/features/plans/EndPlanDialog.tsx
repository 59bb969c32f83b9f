/**
 * "End weekly lessons" on a family's plan card: the confirmation shows what the server says ending
 * now does (lessons refunded with the sum in KES, lessons kept inside the free-cancellation window,
 * unpaid lessons released) before the family confirms; the browser computes none of it.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Plan, PlanEnding } from '@functions/plans/contract';
import { reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { sessionTime } from '../../shared/when';
import { planEndingQuery, useEndPlan } from './plans-api';
import { usePlansText } from './text';

export function EndPlanButton({ plan, subject, zone, describedBy }: { plan: Plan; subject: string; zone: string; describedBy: string }) {
  const t = usePlansText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-describedby={describedBy} data-testid="end-plan">{t('mine.end')}</Button>
      <Dialog open={open} title={t('mine.endTitle', { subject })} onClose={() => setOpen(false)}>
        {open && <EndPlanForm planId={plan.id} zone={zone} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

/** "Mon 7 Dec, 17:00–18:00; Mon 14 Dec, …" in the reader's zone. */
export function lessonDates(lessons: PlanEnding['kept'], zone: string): string {
  return lessons.map((l) => { const at = sessionTime(l.start, 0, zone); return `${at.date} ${at.start}`; }).join('; ');
}

/** Mounted when the dialog opens: the quote is read then, the reason starts empty. */
function EndPlanForm({ planId, zone, onDone }: { planId: string; zone: string; onDone: () => void }) {
  const t = usePlansText();
  const id = useId();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const quote = useQuery(planEndingQuery(planId));
  const end = useEndPlan();
  return (
    <QueryState query={quote} loading={<InlineLoading label={t('mine.endLoading')} />} error={{ title: t('mine.endQuoteFailed'), look: 'inline' }}>
      {({ ending }) => (
        <form
          className="form plan-end"
          onSubmit={(event) => {
            event.preventDefault();
            end.mutate({ planId, reason: reason.trim() || undefined }, {
              onSuccess: () => {
                toast.success(t('mine.endDone'));
                onDone();
              },
            });
          }}
        >
          <EndingFacts ending={ending} zone={zone} />
          <p>{t('mine.endFinal')}</p>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('mine.endReason')}</label>
            <textarea id={`${id}-reason`} rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          {end.isError && <p className="alert alert-error" role="alert">{t('mine.endFailed', { reason: reasonOf(end.error) })}</p>}
          <div className="actions">
            <Button type="submit" variant="danger" busy={end.isPending}>{t('mine.confirmEnd')}</Button>
            <Button type="button" variant="ghost" onClick={onDone}>{t('mine.keepGoing')}</Button>
          </div>
        </form>
      )}
    </QueryState>
  );
}

function EndingFacts({ ending, zone }: { ending: PlanEnding; zone: string }) {
  const t = usePlansText();
  return (
    <div className="plan-end-facts" data-testid="plan-ending">
      {ending.refunded.length ? (
        <p>
          <strong>{t('mine.endRefunded', { count: ending.refunded.length, amount: ksh(ending.refundAmount) })}</strong>{' '}
          {lessonDates(ending.refunded, zone)}
        </p>
      ) : <p>{t('mine.endNothingRefunded')}</p>}
      {ending.kept.length > 0 && <p>{t('mine.endKept', { count: ending.kept.length })} {lessonDates(ending.kept, zone)}</p>}
      {ending.released.length > 0 && <p>{t('mine.endReleased', { count: ending.released.length })}</p>}
    </div>
  );
}
