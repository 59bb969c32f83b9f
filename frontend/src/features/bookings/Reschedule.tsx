/**
 * Moving a paid lesson on its booking card: "Reschedule" opens a picker of the
 * tutor's free times (the booking form's date and time choices), an open proposal shows with
 * Accept / Decline for the other party and Withdraw for its proposer. Times on the viewer's clock.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Booking } from '@functions/bookings/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { SelectField } from '../../shared/ui/fields';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { sessionTime } from '../../shared/when';
import { SLOTS_FAILED, tutorSlotsQuery } from '../tutors';
import { bookingDateOptions } from './booking-options';
import { useRescheduleStep } from './bookings-api';
import { rescheduleActions } from './reschedule-actions';
import { useBookingsText } from './text';

type Step = Parameters<ReturnType<typeof useRescheduleStep>['mutateAsync']>[0];

const DONE = {
  propose: 'reschedule.done.propose',
  accept: 'reschedule.done.accept',
  decline: 'reschedule.done.decline',
  withdraw: 'reschedule.done.withdraw',
} as const satisfies Record<Step['action'], string>;

export function RescheduleSection({ booking, viewerId, otherName, zone, describedBy }: {
  booking: Booking; viewerId: string | undefined; otherName: string; zone: string; describedBy: string;
}) {
  const t = useBookingsText();
  const actions = rescheduleActions(booking, viewerId);
  const [picking, setPicking] = useState(false);
  const step = useRescheduleStep(booking);
  const toast = useToast();
  if (!actions.propose && !actions.proposal) return null;

  const run = async (next: Step) => {
    try {
      await step.mutateAsync(next);
      toast.success(t(DONE[next.action]));
      setPicking(false);
    } catch (error) {
      console.error('Reschedule step failed', error);
      toast.error(reasonOf(error));
    }
  };
  const busy = (action: Step['action']) => step.isPending && step.variables?.action === action;
  const proposed = actions.proposal && sessionTime(actions.proposal.start, booking.durationMinutes, zone);

  return (
    <div className="reschedule">
      {actions.proposal && proposed && (
        <p className="reschedule-proposal">
          <strong>{actions.proposal.mine ? t('reschedule.proposedByYou') : t('reschedule.proposedBy', { name: otherName })}</strong>{' '}
          {t('reschedule.at', { date: proposed.date, time: proposed.time })}
          {actions.proposal.mine && <> {t('reschedule.waiting')}</>}
        </p>
      )}
      {(actions.accept || actions.decline || actions.withdraw || (actions.propose && !picking)) && (
        <div className="booking-card-actions">
          {actions.accept && (
            <Button size="sm" busy={busy('accept')} onClick={() => void run({ action: 'accept' })} aria-describedby={describedBy}>
              {t('reschedule.accept')}
            </Button>
          )}
          {actions.decline && (
            <Button size="sm" variant="secondary" busy={busy('decline')} onClick={() => void run({ action: 'decline' })} aria-describedby={describedBy}>
              {t('reschedule.decline')}
            </Button>
          )}
          {actions.withdraw && (
            <Button size="sm" variant="secondary" busy={busy('withdraw')} onClick={() => void run({ action: 'withdraw' })} aria-describedby={describedBy}>
              {t('reschedule.withdraw')}
            </Button>
          )}
          {actions.propose && !picking && (
            <Button size="sm" variant="secondary" onClick={() => setPicking(true)} aria-describedby={describedBy}>
              {t(actions.proposal?.mine ? 'reschedule.proposeAnother' : 'reschedule.open')}
            </Button>
          )}
        </div>
      )}
      {picking && (
        <NewTimePicker
          booking={booking}
          zone={zone}
          busy={busy('propose')}
          onPick={(start) => void run({ action: 'propose', start })}
          onCancel={() => setPicking(false)}
        />
      )}
    </div>
  );
}

/** The tutor's free starts that fit the lesson's length, as the booking form offers them. */
function NewTimePicker({ booking, zone, busy, onPick, onCancel }: {
  booking: Booking; zone: string; busy: boolean; onPick: (start: string) => void; onCancel: () => void;
}) {
  const t = useBookingsText();
  const slots = useQuery(tutorSlotsQuery(booking.tutorId));
  const days = useMemo(
    () => bookingDateOptions(slots.data?.slots ?? [], zone)
      .map((day) => ({ ...day, times: day.times.filter((t) => t.durations.some((d) => d === booking.durationMinutes)) }))
      .filter((day) => day.times.length > 0),
    [slots.data, zone, booking.durationMinutes],
  );
  const [dateKey, setDateKey] = useState('');
  const [start, setStart] = useState('');
  const day = days.find((d) => d.key === dateKey);
  const id = `rs-${booking.id}`;

  if (slots.isPending) return <InlineLoading label={t('slots.loading')} />;
  if (slots.isError) return <LoadError {...SLOTS_FAILED} look="inline" onRetry={() => void slots.refetch()} retrying={slots.isFetching} />;
  return (
    <form
      className="reschedule-picker"
      aria-label={t('reschedule.picker')}
      onSubmit={(event) => {
        event.preventDefault();
        if (start) onPick(start);
      }}
    >
      {days.length === 0 ? (
        <p className="alert alert-info">{t('reschedule.noTimes')}</p>
      ) : (
        <div className="form-row">
          <SelectField id={`${id}-date`} label={t('reschedule.newDate')} value={dateKey} onChange={(e) => { setDateKey(e.target.value); setStart(''); }}>
            <option value="">{t('slots.chooseDate')}</option>
            {days.map((d) => (
              <option key={d.key} value={d.key}>
                {d.full}
              </option>
            ))}
          </SelectField>
          <SelectField id={`${id}-time`} label={t('reschedule.newTime')} value={start} onChange={(e) => setStart(e.target.value)} disabled={!day}>
            <option value="">{day ? t('slots.chooseTime') : '—'}</option>
            {day?.times.map((t) => (
              <option key={t.start} value={t.start}>
                {t.label}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <div className="booking-card-actions">
        <Button type="submit" size="sm" busy={busy} disabled={!start}>
          {t('reschedule.proposeThis')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('reschedule.cancel')}
        </Button>
      </div>
    </form>
  );
}
