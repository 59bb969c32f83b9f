/**
 * /tutor-availability (spec §2, §5, §8): add weekly one-hour-grid slots, list them Monday →
 * Sunday with a delete button each, and a side panel with the real weekly figures.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { WEEK_ORDER, WEEKDAYS } from '@functions/tutors/catalog';
import { AddAvailabilityRequest, availabilityMessages, type AvailabilitySlot } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { useSignOutToHome } from '../auth';
import { DEFAULT_SLOT, deleteSlotLabel, HOUR_CHOICES } from './availability';
import { formatAmount, hours } from './format';
import { myAvailabilityQuery, myAvailabilitySummaryQuery, useAddAvailabilitySlot, useDeleteAvailabilitySlot } from './my-api';
import { WeeklySlots } from './WeeklySlots';
import './tutors.css';
import { zoneName } from '../../shared/format';

const NAV = [
  { to: paths.tutorDashboard, label: 'Dashboard' },
  { to: paths.browse(), label: 'Browse Tutors' },
] as const;

/** The API's own text for an overlap (409) or rule failure; else the spec's generic one. */
function addFailure(error: unknown): string {
  if (error instanceof ApiError && error.fromServer && error.status !== 500) return error.message;
  return availabilityMessages.addFailed;
}

export function TutorAvailabilityPage() {
  useDocumentTitle('Availability');
  const signOut = useSignOutToHome();
  const list = useQuery(myAvailabilityQuery());
  const summary = useQuery(myAvailabilitySummaryQuery());

  return (
    <DashboardShell nav={NAV} onSignOut={signOut}>
      <div className="dashboard-title">
        <h1>Manage Availability</h1>
      </div>
      <p className="muted">
        Set the weekly hours students can book.
        {list.data && <> Times are in your time zone, {zoneName(list.data.timeZone)}.</>}
      </p>
      <div className="availability-layout">
        <div className="availability-main">
          <AddSlotForm />
          <section className="card" aria-labelledby="weekly-title">
            <h2 id="weekly-title">Weekly schedule</h2>
            <QueryState query={list} loading="Loading your availability…" error={{ title: 'Could not load your availability.', look: 'block' }}>
              {(data) => <WeeklySlots slots={data.slots} action={(slot) => <DeleteSlotButton slot={slot} />} />}
            </QueryState>
          </section>
        </div>
        <aside className="card availability-side" aria-labelledby="summary-title">
          <h2 id="summary-title">This week</h2>
          <QueryState query={summary} loading="Loading your summary…" error={{ title: 'Could not load the summary.', look: 'inline' }}>
            {(s) => (
              <dl className="summary-list">
                <div>
                  <dt>Upcoming bookings</dt>
                  <dd>{formatAmount(s.upcomingBookings)}</dd>
                </div>
                <div>
                  <dt>Available slots (next 7 days)</dt>
                  <dd>{formatAmount(s.slotsThisWeek)}</dd>
                </div>
                <div>
                  <dt>Open slots (next 7 days)</dt>
                  <dd>{formatAmount(s.openSlotsThisWeek)}</dd>
                </div>
                <div>
                  <dt>Weekly availability</dt>
                  <dd>{hours(s.weeklyHours)}</dd>
                </div>
              </dl>
            )}
          </QueryState>
          {list.data && <p className="muted summary-zone">All times in {zoneName(list.data.timeZone)}.</p>}
        </aside>
      </div>
    </DashboardShell>
  );
}

function AddSlotForm() {
  const toast = useToast();
  const [dayOfWeek, setDayOfWeek] = useState<number>(DEFAULT_SLOT.dayOfWeek);
  const [startTime, setStartTime] = useState<string>(DEFAULT_SLOT.startTime);
  const [endTime, setEndTime] = useState<string>(DEFAULT_SLOT.endTime);
  /** Why the last add failed (an end before the start, an overlap): said under the time it concerns. */
  const [error, setError] = useState<string | null>(null);
  const endSelect = useRef<HTMLSelectElement>(null);

  const add = useAddAvailabilitySlot();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = AddAvailabilityRequest.safeParse({ dayOfWeek, startTime, endTime });
    if (!parsed.success) {
      // The one rule a choice here can break is the end time's: it is said beside that field.
      setError(parsed.error.issues[0]?.message ?? availabilityMessages.addFailed);
      endSelect.current?.focus();
      return;
    }
    setError(null);
    add.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(availabilityMessages.added);
        setError(null);
      },
      onError: (err) => {
        setError(addFailure(err));
        endSelect.current?.focus();
      },
    });
  };

  return (
    <section className="card" aria-labelledby="add-slot-title">
      <h2 id="add-slot-title">Add Availability</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="slot-form-row">
          <SelectField id="slot-day" label="Day" value={dayOfWeek} onChange={(event) => setDayOfWeek(Number(event.target.value))}>
            {WEEK_ORDER.map((day) => (
              <option key={day} value={day}>
                {WEEKDAYS[day]}
              </option>
            ))}
          </SelectField>
          <SelectField id="slot-start" label="Start time" value={startTime} onChange={(event) => setStartTime(event.target.value)}>
            <HourOptions />
          </SelectField>
          <SelectField
            id="slot-end"
            label="End time"
            value={endTime}
            ref={endSelect}
            error={error ?? undefined}
            onChange={(event) => setEndTime(event.target.value)}
          >
            <HourOptions />
          </SelectField>
        </div>
        <Button type="submit" busy={add.isPending}>
          Add Availability Slot
        </Button>
      </form>
    </section>
  );
}

function HourOptions() {
  return HOUR_CHOICES.map((hour) => (
    <option key={hour} value={hour}>
      {hour}
    </option>
  ));
}

function DeleteSlotButton({ slot }: { slot: AvailabilitySlot }) {
  const toast = useToast();
  const remove = useDeleteAvailabilitySlot();
  // Not mutate's own callbacks: the list refetches before they run, this button is gone by then and
  // React Query drops callbacks of an unmounted observer, so the confirmation was never shown.
  const onRemove = () =>
    remove.mutateAsync(slot.id).then(
      () => toast.success(availabilityMessages.removed),
      (err: unknown) => toast.error(err instanceof ApiError && err.fromServer ? err.message : 'Failed to remove availability'),
    );
  return (
    <button
      type="button"
      className="slot-delete"
      aria-label={deleteSlotLabel(slot)}
      disabled={remove.isPending}
      aria-busy={remove.isPending || undefined}
      onClick={onRemove}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    </button>
  );
}
