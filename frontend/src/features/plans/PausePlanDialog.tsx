/**
 * "Pause lessons" on a family's paid plan card: choose the week to start from (the plan's weeks
 * still to come) and how many weeks; the dialog shows what the server says that pause does (lessons
 * refunded with the sum in KES, lessons kept inside the free-cancellation window, unpaid lessons
 * released) before the family confirms. The browser computes none of it; it only offers the weeks.
 */
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Plan, PlanPauseQuote } from '@functions/plans/contract';
import { reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { SelectField } from '../../shared/ui/fields';
import { InlineLoading } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { sessionTime } from '../../shared/when';
import { lessonDates } from './EndPlanDialog';
import type { pauseChoices } from './plan-view';
import { planPauseQuery, usePausePlan } from './plans-api';
import { usePlansText } from './text';

type Choices = ReturnType<typeof pauseChoices>;

/** "Mon 7 Dec 2026": a week's Monday as a date (it is a day, so read on UTC's clock). */
export const weekLabel = (monday: string) => sessionTime(`${monday}T12:00:00Z`, 0, 'UTC').date;

export function PausePlanButton({ plan, subject, zone, choices, describedBy }: { plan: Plan; subject: string; zone: string; choices: Choices; describedBy: string }) {
  const t = usePlansText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-describedby={describedBy} data-testid="pause-plan">{t('mine.pause')}</Button>
      <Dialog open={open} title={t('mine.pauseTitle', { subject })} onClose={() => setOpen(false)}>
        {open && <PausePlanForm planId={plan.id} zone={zone} choices={choices} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

/** Mounted when the dialog opens: the first coming week and one week are chosen, and quoted at once. */
function PausePlanForm({ planId, zone, choices, onDone }: { planId: string; zone: string; choices: Choices; onDone: () => void }) {
  const t = usePlansText();
  const id = useId();
  const toast = useToast();
  const [from, setFrom] = useState(choices[0]!.from);
  const [weeks, setWeeks] = useState(1);
  const maxWeeks = choices.find((c) => c.from === from)?.maxWeeks ?? 1;
  const quote = useQuery(planPauseQuery(planId, from, Math.min(weeks, maxWeeks)));
  const pause = usePausePlan();
  return (
    <form
      className="form plan-end"
      onSubmit={(event) => {
        event.preventDefault();
        pause.mutate({ planId, from, weeks: Math.min(weeks, maxWeeks) }, {
          onSuccess: () => {
            toast.success(t('mine.pauseDone'));
            onDone();
          },
        });
      }}
    >
      <SelectField id={`${id}-from`} label={t('mine.pauseFrom')} value={from} onChange={(event) => setFrom(event.target.value)}>
        {choices.map((c) => <option key={c.from} value={c.from}>{t('mine.weekOf', { date: weekLabel(c.from) })}</option>)}
      </SelectField>
      <SelectField id={`${id}-weeks`} label={t('mine.pauseWeeks')} value={String(Math.min(weeks, maxWeeks))} onChange={(event) => setWeeks(Number(event.target.value))}>
        {Array.from({ length: maxWeeks }, (_, i) => i + 1).map((n) => <option key={n} value={n}>{t('mine.weeks', { count: n })}</option>)}
      </SelectField>
      <div aria-live="polite">
        {/* A refusal (nothing left to pause in those weeks…) is the server's own words: choose again. */}
        {quote.isPending ? <InlineLoading label={t('mine.pauseLoading')} />
          : quote.isError ? <p className="alert alert-warn" data-testid="pause-refused">{t('mine.pauseQuoteFailed', { reason: reasonOf(quote.error) })}</p>
            : <PauseFacts pause={quote.data} zone={zone} />}
      </div>
      {pause.isError && <p className="alert alert-error" role="alert">{t('mine.pauseFailed', { reason: reasonOf(pause.error) })}</p>}
      <div className="actions">
        <Button type="submit" busy={pause.isPending} disabled={!quote.isSuccess} data-testid="confirm-pause">{t('mine.confirmPause')}</Button>
        <Button type="button" variant="ghost" onClick={onDone}>{t('mine.keepGoing')}</Button>
      </div>
    </form>
  );
}

function PauseFacts({ pause, zone }: { pause: PlanPauseQuote; zone: string }) {
  const t = usePlansText();
  return (
    <div className="plan-end-facts" data-testid="plan-pause">
      {pause.refunded.length ? (
        <p>
          <strong>{t('mine.endRefunded', { count: pause.refunded.length, amount: ksh(pause.refundAmount) })}</strong>{' '}
          {lessonDates(pause.refunded, zone)}
        </p>
      ) : <p>{t('mine.endNothingRefunded')}</p>}
      {pause.kept.length > 0 && <p>{t('mine.endKept', { count: pause.kept.length })} {lessonDates(pause.kept, zone)}</p>}
      {pause.released.length > 0 && <p>{t('mine.endReleased', { count: pause.released.length })} {lessonDates(pause.released, zone)}</p>}
      <p className="muted">{t('mine.pauseRest')}</p>
    </div>
  );
}
