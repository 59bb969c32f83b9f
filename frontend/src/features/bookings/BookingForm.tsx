/**
 * The booking form (booking flow, booking rules and their texts): subject, date and
 * time from the tutor's free hours on the viewer's clock, a duration that fits, optional notes,
 * a live price preview; "Book & Pay" creates the booking, starts the payment and leaves for the
 * provider's page. Validated with the API's own schema (CreateBookingRequest).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router-dom';
import { Trans } from '@lingui/react';
import * as z from 'zod';
import { bookingMessages, CreateBookingRequest, DEFAULT_BOOKING_SUBJECTS, type Booking } from '@functions/bookings/contract';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError } from '../../shared/api';
import { paths } from '../../shared/paths';
import { Button } from '../../shared/ui/Button';
import { clearDraft, readDraft, useFormDraft, useHeldSubmit } from '../../shared/form-draft';
import { SelectField, TextAreaField } from '../../shared/ui/fields';
import { HeldSubmitNotice, OfflineState } from '../../shared/ui/Offline';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { viewerTimeZone } from '../../shared/slots';
import { SLOTS_FAILED, tutorSlotsQuery, useSubjectName } from '../tutors';
import { BOOKING_DURATIONS, bookingDateOptions, initialChoice, type BookingDuration } from './booking-options';
import { SLOT_ERRORS, useCreateBooking } from './bookings-api';
import { useBookText } from './book-text';
import { useBookingsText } from './text';
import { bookingUiMessages } from './messages';
import { ksh, zoneName } from '../../shared/format';
import { previewAmount } from './money';
import { clockTime, durationLabel } from '../../shared/when';
import { useErrorsFollowLanguage } from '../../shared/messages/server-messages';
import { useActiveLanguage } from '../../shared/i18n/text';
import { learnerLevel } from '@functions/households/grades-catalog';
import { useActiveLearner } from '../households';

const BookingFormSchema = CreateBookingRequest.omit({ tutorId: true }).extend({
  date: z.string().min(1, bookingMessages.missingInformation),
});
type FormInput = z.input<typeof BookingFormSchema>;
type FormOutput = z.output<typeof BookingFormSchema>;

/** What each required field says when it is empty (the toast says the spec's sentence). */
const REQUIRED_HINTS = { subject: 'hint.subject', date: 'hint.date', start: 'hint.start' } as const;

/** The form's error toast: one at a time, and gone as soon as the student changes anything. */
const FORM_TOAST = { key: 'booking-form' } as const;

interface BookingFormProps {
  tutor: PublicTutorProfile;
  wantedStart: string | null;
  wantedDate: string | null;
}

export function BookingForm({ tutor, wantedStart, wantedDate }: BookingFormProps) {
  const t = useBookText();
  const common = useBookingsText();
  const messages = bookingUiMessages(t);
  const toast = useToast();
  const createBooking = useCreateBooking();
  const navigate = useNavigate();
  const slotsQuery = useQuery(tutorSlotsQuery(tutor.id));
  const zone = useMemo(viewerTimeZone, []);
  const days = useMemo(() => bookingDateOptions(slotsQuery.data?.slots ?? [], zone), [slotsQuery.data, zone]);
  const subjects: readonly string[] = tutor.subjects.length ? tutor.subjects : DEFAULT_BOOKING_SUBJECTS;
  const subjectName = useSubjectName();
  // A parent books for the child chosen in the header; the server checks the child is theirs.
  const { active: learner, learnerId } = useActiveLearner();
  const language = useActiveLanguage();

  const draftKey = `booking:${tutor.id}`;
  const [draft] = useState(() => readDraft<FormInput>(draftKey));
  const formRef = useRef<HTMLFormElement>(null);
  const held = useHeldSubmit();

  const [created, setCreated] = useState<Booking | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [startGone, setStartGone] = useState(false);
  /** The student already holds this time (unpaid): point to where it can be paid, not "someone else". */
  const [ownHold, setOwnHold] = useState<string | null>(null);
  /** What the last Book & Pay found missing; gone as soon as the student changes anything. */
  const [problem, setProblem] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    setValue,
    watch,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(BookingFormSchema),
    defaultValues: { subject: subjects.length === 1 ? subjects[0] : '', date: '', start: '', durationMinutes: 60, notes: '', ...draft },
  });
  useErrorsFollowLanguage(errors, trigger);
  useFormDraft(draftKey, watch);

  // Any edit answers the form's error toast; the field's own message stays until it is valid.
  useEffect(() => {
    const subscription = watch(() => {
      toast.dismiss(FORM_TOAST.key);
      setOwnHold(null);
      setProblem(null);
    });
    return () => subscription.unsubscribe();
  }, [watch, toast]);

  // Once the free hours are known, apply the link's ?start= / ?date= (only once).
  const applied = useRef(false);
  const loaded = slotsQuery.isSuccess;
  useEffect(() => {
    if (applied.current || !loaded) return;
    applied.current = true;
    // A kept draft (reload, dropped connection) wins over the link it was opened from.
    const choice = initialChoice(days, draft.start ? { start: draft.start } : { start: wantedStart, date: wantedDate });
    if (choice.date) setValue('date', choice.date);
    if (choice.start) setValue('start', choice.start);
    if (choice.startGone) setStartGone(true);
  }, [loaded, days, wantedStart, wantedDate, setValue, draft.start]);

  // Date, time and duration are controlled: options appear only after the free hours load, so
  // the shown choice must follow the form's value (a preselected time, a reset after a change).
  const [dateKey, start, duration] = watch(['date', 'start', 'durationMinutes']);
  const day = days.find((d) => d.key === dateKey);
  const time = day?.times.find((t) => t.start === start);
  const durations = time ? time.durations : [...BOOKING_DURATIONS];
  const minutes = Number(duration) || 60;

  // The hook reads the open times again; the stale choice goes.
  const failSlot = () => setValue('start', '');

  // Paying is a page of its own (M-Pesa prompt first, card on Paystack's page).
  const pay = async (booking: Booking) => {
    setLeaving(true);
    await navigate(paths.pay(booking.id));
  };

  const onValid = async (values: FormOutput) => {
    if (held.holdIfOffline()) return;
    let booking: Booking;
    try {
      const notes = values.notes?.trim();
      ({ booking } = await createBooking.mutateAsync({
        tutorId: tutor.id,
        subject: values.subject,
        start: values.start,
        durationMinutes: values.durationMinutes,
        ...(notes ? { notes } : {}),
        ...(learnerId ? { learnerId } : {}),
      }));
    } catch (error) {
      console.error('Booking failed', error);
      if (error instanceof ApiError && error.code === 'own_hold') {
        setOwnHold(error.message);
        return;
      }
      const fromServer = error instanceof ApiError && (error.fromServer || error.status === 0 || error.status === 401);
      toast.error(fromServer ? messages.bookingError(error.message) : messages.bookingFailed, FORM_TOAST);
      if (error instanceof ApiError && SLOT_ERRORS.has(error.code)) failSlot();
      return;
    }
    setCreated(booking);
    clearDraft(draftKey);
    await pay(booking);
  };

  // Said in the form, above Book & Pay, and each field says what it lacks; react-hook-form moves
  // focus to the first of them. Not a toast: on a phone it would sit over the focused field.
  const onInvalid = (problems: FieldErrors<FormInput>) => {
    const missing = (['subject', 'date', 'start', 'durationMinutes'] as const).some((name) => problems[name]);
    setProblem(missing ? messages.missingInformation : (problems.notes?.message ?? messages.missingInformation));
  };

  const errorOf = (name: keyof typeof REQUIRED_HINTS) => (errors[name] ? t(REQUIRED_HINTS[name]) : undefined);
  const busy = isSubmitting || leaving;
  const timeHint = t('hint.dateFirst');
  const durationHint = time && time.durations.length === 1 ? t('hint.onlyOneHour') : undefined;
  const noTimes = slotsQuery.isSuccess && days.length === 0;
  const holdUntil = created?.holdExpiresAt ? clockTime(created.holdExpiresAt, zone) : null;
  const tutorZone = slotsQuery.data?.timeZone ? zoneName(slotsQuery.data.timeZone) : null;

  return (
    <section className="card" aria-labelledby="booking-form-title">
      <h2 id="booking-form-title">{t('bookSession')}</h2>
      {learner && (
        <p className="booking-for" data-testid="booking-for">
          {t('bookingFor', { name: learner.firstName, level: learnerLevel(learner.grade, learner.curriculum, language) })}
        </p>
      )}
      <form
        ref={formRef}
        className="form booking-form"
        noValidate
        onSubmit={(event) => {
          // Once the booking exists only the payment is retried; the details can't change.
          if (created) {
            event.preventDefault();
            if (!held.holdIfOffline()) void pay(created);
            return;
          }
          // A time that a refresh of the free hours has removed is no choice at all.
          if (start && !time) setValue('start', '');
          void handleSubmit(onValid, onInvalid)(event);
        }}
      >
        <fieldset disabled={created !== null || busy} className="form">
          <legend className="visually-hidden">{t('details')}</legend>
          <SelectField id="bk-subject" label={t('subject')} error={errorOf('subject')} {...register('subject')}>
            <option value="">{t('hint.subject')}</option>
            {subjects.map((subject) => (
              <option key={subject} value={subject}>
                {subjectName(subject)}
              </option>
            ))}
          </SelectField>

          <p className="muted zone-note" id="bk-zone">
            {tutorZone && tutorZone !== zoneName(zone)
              ? t('zoneWithTutor', { zone: zoneName(zone), tutorZone })
              : t('zone', { zone: zoneName(zone) })}
          </p>

          {slotsQuery.isPending && slotsQuery.fetchStatus === 'paused' ? (
            <OfflineState what={t('availableTimes')} inline />
          ) : slotsQuery.isPending ? (
            <InlineLoading label={common('slots.loading')} />
          ) : slotsQuery.isError ? (
            <LoadError {...SLOTS_FAILED} onRetry={() => void slotsQuery.refetch()} retrying={slotsQuery.isFetching} />
          ) : noTimes ? (
            <p className="alert alert-info">{t('noTimes')}</p>
          ) : (
            <div className="form-row">
              <SelectField
                id="bk-date"
                label={t('date')}
                error={errorOf('date')}
                describedByIds="bk-zone"
                value={dateKey}
                {...register('date', { onChange: () => setValue('start', '') })}
              >
                <option value="">{common('slots.chooseDate')}</option>
                {days.map((d) => (
                  <option key={d.key} value={d.key}>
                    {d.full}
                  </option>
                ))}
              </SelectField>
              <SelectField
                id="bk-time"
                label={t('time')}
                error={errorOf('start')}
                hint={day ? undefined : timeHint}
                describedByIds="bk-zone"
                value={time ? start : ''}
                {...register('start', {
                  onChange: (event: { target: { value: string } }) => {
                    const picked = day?.times.find((t) => t.start === event.target.value);
                    if (picked && !picked.durations.includes(minutes as BookingDuration)) setValue('durationMinutes', 60);
                    setStartGone(false);
                  },
                })}
              >
                <option value="">{day ? common('slots.chooseTime') : '—'}</option>
                {day?.times.map((t) => (
                  <option key={t.start} value={t.start}>
                    {t.label}
                  </option>
                ))}
              </SelectField>
            </div>
          )}
          {startGone && <p className="alert alert-info">{messages.startGone}</p>}
          {ownHold && (
            <p className="alert alert-info" role="status">
              {ownHold} <Link to={paths.myBookings}>{t('goToMyBookings')}</Link>
            </p>
          )}

          <SelectField
            id="bk-duration"
            label={t('duration')}
            hint={durationHint}
            value={String(minutes)}
            {...register('durationMinutes', { setValueAs: (v: unknown) => Number(v) })}
          >
            {durations.map((d) => (
              <option key={d} value={d}>
                {durationLabel(d)}
              </option>
            ))}
          </SelectField>

          <TextAreaField
            id="bk-notes"
            label={t('notes')}
            error={errors.notes?.message}
            hint={t('hint.notes')}
            rows={3}
            maxLength={1000}
            {...register('notes')}
          />
        </fieldset>

        <p className="price-line" aria-live="polite">
          <span className="price-total">{t('total', { amount: ksh(previewAmount(minutes, tutor.hourlyRate)) })}</span>
          <span className="price-detail">{t('priceDetail', { duration: durationLabel(minutes), rate: ksh(tutor.hourlyRate) })}</span>
        </p>

        {created && !leaving && (
          <p className="alert alert-warn" role="status">
            <Trans
              id={useBookText.id(holdUntil ? 'madeHeld' : 'made')}
              values={holdUntil ? { time: holdUntil } : undefined}
              components={{ 0: <Link to={paths.myBookings} /> }}
            />
          </p>
        )}

        {problem && (
          <p id="booking-problem" className="alert alert-error" role="alert">
            {problem}
          </p>
        )}

        <HeldSubmitNotice submit={held} action={t(created ? 'action.pay' : 'action.bookAndPay')} onSend={() => formRef.current?.requestSubmit()} />

        <Button type="submit" size="lg" busy={busy} disabled={noTimes || slotsQuery.isError}>
          {t(leaving ? 'opening' : created ? 'payNow' : 'action.bookAndPay')}
        </Button>
      </form>
    </section>
  );
}
