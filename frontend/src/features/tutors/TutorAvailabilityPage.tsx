/**
 * /tutor-availability: add weekly one-hour-grid slots, list them Monday →
 * Sunday with a delete button each, and a side panel with the real weekly figures.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { availabilityMessages, availabilityProblem, WEEK_ORDER } from '@functions/tutors/catalog';
import type { AvailabilitySlot } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { DashboardShell } from '../../shared/ui/DashboardShell';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { DEFAULT_SLOT, HOUR_CHOICES, slotTimes } from './availability';
import { type AvailabilityLookup, useAvailabilityText } from './availability/text';
import { useDashboardText, weekdayName } from './dashboard/text';
import { formatAmount } from './format';
import { useTutorsText } from './text';
import { myAvailabilityQuery, myAvailabilitySummaryQuery, useAddAvailabilitySlot, useDeleteAvailabilitySlot } from './my-api';
import { WeeklySlots } from './WeeklySlots';
import './tutors.css';
import { zoneName } from '../../shared/format';

/** The API's own text for an overlap (409) or rule failure; else the spec's generic one. */
function addFailure(t: AvailabilityLookup, error: unknown): string {
  if (error instanceof ApiError && error.fromServer && error.status !== 500) return error.message;
  return t('addFailed');
}

/** The request schema's texts (the API's English) said in the page's language. */
function ruleText(t: AvailabilityLookup, message: string | undefined): string {
  if (message === availabilityMessages.endAfterStart) return t('endAfterStart');
  if (message === availabilityMessages.hoursOnly) return t('hoursOnly');
  return t('addFailed');
}

export function TutorAvailabilityPage() {
  const t = useAvailabilityText();
  const dashboard = useDashboardText();
  const common = useTutorsText();
  useDocumentTitle(t('title'));
  const list = useQuery(myAvailabilityQuery());
  const summary = useQuery(myAvailabilitySummaryQuery());

  return (
    <DashboardShell>
      <div className="dashboard-title">
        <h1>{t('heading')}</h1>
      </div>
      <p className="muted">
        {t('lead')}
        {list.data && t('leadZone', { zone: zoneName(list.data.timeZone) })}
      </p>
      <div className="availability-layout">
        <div className="availability-main">
          <AddSlotForm />
          <section className="card" aria-labelledby="weekly-title">
            <h2 id="weekly-title">{t('schedule')}</h2>
            <QueryState query={list} loading={dashboard('weekly.loading')} error={{ title: dashboard('weekly.error'), look: 'block' }}>
              {(data) => <WeeklySlots slots={data.slots} action={(slot) => <DeleteSlotButton slot={slot} />} />}
            </QueryState>
          </section>
        </div>
        <aside className="card availability-side" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('week')}</h2>
          <QueryState query={summary} loading={t('summaryLoading')} error={{ title: t('summaryError'), look: 'inline' }}>
            {(s) => (
              <dl className="summary-list">
                <div>
                  <dt>{t('upcoming')}</dt>
                  <dd>{formatAmount(s.upcomingBookings)}</dd>
                </div>
                <div>
                  <dt>{t('slots')}</dt>
                  <dd>{formatAmount(s.slotsThisWeek)}</dd>
                </div>
                <div>
                  <dt>{t('open')}</dt>
                  <dd>{formatAmount(s.openSlotsThisWeek)}</dd>
                </div>
                <div>
                  <dt>{t('weekly')}</dt>
                  <dd>{common('hours', { count: s.weeklyHours })}</dd>
                </div>
              </dl>
            )}
          </QueryState>
          {list.data && <p className="muted summary-zone">{t('allTimes', { zone: zoneName(list.data.timeZone) })}</p>}
        </aside>
      </div>
    </DashboardShell>
  );
}

function AddSlotForm() {
  const t = useAvailabilityText();
  const days = useDashboardText();
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
    const problem = availabilityProblem({ startTime, endTime });
    if (problem) {
      // The one rule a choice here can break is the end time's: it is said beside that field.
      setError(ruleText(t, problem));
      endSelect.current?.focus();
      return;
    }
    setError(null);
    add.mutate({ dayOfWeek, startTime, endTime }, {
      onSuccess: () => {
        toast.success(t('added'));
        setError(null);
      },
      onError: (err) => {
        setError(addFailure(t, err));
        endSelect.current?.focus();
      },
    });
  };

  return (
    <section className="card" aria-labelledby="add-slot-title">
      <h2 id="add-slot-title">{t('add')}</h2>
      <form className="form" noValidate onSubmit={onSubmit}>
        <div className="slot-form-row">
          <SelectField id="slot-day" label={t('day')} value={dayOfWeek} onChange={(event) => setDayOfWeek(Number(event.target.value))}>
            {WEEK_ORDER.map((day) => (
              <option key={day} value={day}>
                {weekdayName(days, day)}
              </option>
            ))}
          </SelectField>
          <SelectField id="slot-start" label={t('start')} value={startTime} onChange={(event) => setStartTime(event.target.value)}>
            <HourOptions />
          </SelectField>
          <SelectField
            id="slot-end"
            label={t('end')}
            value={endTime}
            ref={endSelect}
            error={error ?? undefined}
            onChange={(event) => setEndTime(event.target.value)}
          >
            <HourOptions />
          </SelectField>
        </div>
        <Button type="submit" busy={add.isPending}>
          {t('submit')}
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
  const t = useAvailabilityText();
  const days = useDashboardText();
  const toast = useToast();
  const remove = useDeleteAvailabilitySlot();
  // Not mutate's own callbacks: the list refetches before they run, this button is gone by then and
  // React Query drops callbacks of an unmounted observer, so the confirmation was never shown.
  const onRemove = () =>
    remove.mutateAsync(slot.id).then(
      () => toast.success(t('removed')),
      (err: unknown) => toast.error(err instanceof ApiError && err.fromServer ? err.message : t('removeFailed')),
    );
  return (
    <button
      type="button"
      className="slot-delete"
      aria-label={t('delete', { day: weekdayName(days, slot.dayOfWeek), times: slotTimes(slot) })}
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
