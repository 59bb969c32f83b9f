/**
 * Booking one lesson from a paid pack: a date and a start from the tutor's free hours on the
 * viewer's clock (the booking form's options, only starts where the pack's lesson length fits),
 * then POST /api/packs/{id}/bookings. The server takes one credit with the booking, or says why not
 * (no credits left, the time just taken, too soon): its words are shown as they come.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Pack } from '@functions/packs/contract';
import { reasonOf } from '../../shared/api';
import { zoneName } from '../../shared/format';
import { viewerTimeZone } from '../../shared/slots';
import { Button } from '../../shared/ui/Button';
import { SelectField } from '../../shared/ui/fields';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { sessionTime } from '../../shared/when';
import { bookingDateOptions } from '../bookings';
import { tutorSlotsQuery } from '../tutors';
import { useBookFromPack } from './packs-api';
import { usePacksText } from './text';

export function PackBookStep({ pack, onClose }: { pack: Pack; onClose?: (() => void) | undefined }) {
  const t = usePacksText();
  const zone = useMemo(viewerTimeZone, []);
  const slots = useQuery(tutorSlotsQuery(pack.tutorId));
  const days = useMemo(
    () =>
      bookingDateOptions(slots.data?.slots ?? [], zone)
        .map((day) => ({ ...day, times: day.times.filter((time) => time.durations.some((minutes) => minutes === pack.durationMinutes)) }))
        .filter((day) => day.times.length > 0),
    [slots.data, zone, pack.durationMinutes],
  );
  const [dateKey, setDateKey] = useState('');
  const [start, setStart] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [booked, setBooked] = useState<{ scheduledAt: string; left: number } | null>(null);
  const book = useBookFromPack(pack.id, pack.tutorId);
  const day = days.find((d) => d.key === dateKey);
  const id = `pack-book-${pack.id}`;

  const submit = async () => {
    if (!day || !start) {
      setProblem(t('book.problem'));
      return;
    }
    setProblem(null);
    try {
      const { booking } = await book.mutateAsync({ start });
      setBooked({ scheduledAt: booking.scheduledAt, left: Math.max(0, pack.creditsLeft - 1) });
      setDateKey('');
      setStart('');
    } catch (error) {
      setProblem(t('book.error', { reason: reasonOf(error) }));
    }
  };

  const at = booked ? sessionTime(booked.scheduledAt, pack.durationMinutes, zone) : null;
  return (
    <section className="pack-book" aria-labelledby={id}>
      <h3 id={id}>{t('book.title')}</h3>
      {booked && at && (
        <p className="alert alert-success" role="status" data-testid="pack-booked">
          {t('book.booked', { date: at.date, time: at.time, left: booked.left })}
        </p>
      )}
      {slots.isPending ? (
        <InlineLoading label={t('book.loading')} />
      ) : slots.isError ? (
        <LoadError title={t('book.failed')} onRetry={() => void slots.refetch()} retrying={slots.isFetching} />
      ) : days.length === 0 ? (
        <p className="muted">{t('book.none', { minutes: pack.durationMinutes })}</p>
      ) : (
        <>
          <p className="muted">{t('book.zone', { zone: zoneName(zone) })}</p>
          <div className="pack-book-fields">
            <SelectField
              id={`${id}-date`}
              label={t('book.date')}
              value={dateKey}
              onChange={(event) => {
                setDateKey(event.target.value);
                setStart('');
                setProblem(null);
              }}
            >
              <option value="">{t('book.chooseDate')}</option>
              {days.map((d) => (
                <option key={d.key} value={d.key}>{d.full}</option>
              ))}
            </SelectField>
            <SelectField
              id={`${id}-time`}
              label={t('book.time')}
              value={start}
              disabled={!day}
              onChange={(event) => {
                setStart(event.target.value);
                setProblem(null);
              }}
            >
              <option value="">{t('book.chooseTime')}</option>
              {day?.times.map((time) => (
                <option key={time.start} value={time.start}>{time.label}</option>
              ))}
            </SelectField>
          </div>
        </>
      )}
      {problem && (
        <p className="field-error" role="alert" id={`${id}-problem`}>
          {problem}
        </p>
      )}
      <div className="actions">
        {days.length > 0 && (
          <Button busy={book.isPending} onClick={() => void submit()} aria-describedby={problem ? `${id}-problem` : undefined}>
            {t('book.submit')}
          </Button>
        )}
        {onClose && (
          <Button variant="secondary" onClick={onClose}>
            {t('book.cancel')}
          </Button>
        )}
      </div>
    </section>
  );
}
