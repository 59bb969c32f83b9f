/**
 * The tutor dashboard's "Lesson packs": the packs they offer, each priced now from their hourly
 * rate (by the server); add (2–20 lessons of 60, 90 or 120 minutes at 0–50% off), change,
 * withdraw; at most MAX_OFFERS. Packs already bought keep their terms whatever happens here.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PackOffer, PackTermsInput } from '@functions/packs/contract';
import { MAX_OFFERS, PACK_DISCOUNT, PACK_DURATIONS as DURATIONS, PACK_SIZES } from '@functions/packs/catalog';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { SelectField, TextField } from '../../shared/ui/fields';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useToast } from '../../shared/ui/toast';
import { OfferTerms } from './components';
import { myPackOffersQuery, useChangeOffer } from './packs-api';
import { usePacksText } from './text';
import './packs.css';


export function TutorPackOffersSection() {
  const t = usePacksText();
  const query = useQuery(myPackOffersQuery());
  const [editing, setEditing] = useState<PackOffer | 'new' | null>(null);
  const offers = query.data ?? [];
  return (
    <section className="card pack-tutor" aria-labelledby="tutor-packs">
      <div className="section-head">
        <h2 id="tutor-packs">{t('tutor.title')}</h2>
        {query.data && <span className="muted num">{t('tutor.count', { count: offers.length, max: MAX_OFFERS })}</span>}
      </div>
      <p className="muted">{t('tutor.intro')}</p>
      {query.isPending ? (
        <InlineLoading label={t('tutor.loading')} />
      ) : query.isError ? (
        <LoadError title={t('tutor.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          {offers.length === 0 ? (
            <p className="muted">{t('tutor.empty')}</p>
          ) : (
            <ul className="pack-offer-list" role="list">
              {offers.map((offer) =>
                editing !== 'new' && editing?.id === offer.id ? (
                  <li key={offer.id} className="pack-offer">
                    <OfferForm offer={offer} onDone={() => setEditing(null)} />
                  </li>
                ) : (
                  <li key={offer.id} className="pack-offer" data-testid="tutor-pack-offer">
                    <OfferTerms offer={offer} />
                    <OfferActions offer={offer} onEdit={() => setEditing(offer)} />
                  </li>
                ),
              )}
            </ul>
          )}
          {editing === 'new' ? (
            <OfferForm onDone={() => setEditing(null)} />
          ) : offers.length >= MAX_OFFERS ? (
            <p className="muted">{t('tutor.max', { max: MAX_OFFERS })}</p>
          ) : (
            <div className="actions">
              <Button onClick={() => setEditing('new')}>{t('tutor.add')}</Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function OfferActions({ offer, onEdit }: { offer: PackOffer; onEdit: () => void }) {
  const t = usePacksText();
  const toast = useToast();
  const change = useChangeOffer();
  const label = `${t('offer.terms', { lessons: offer.lessons, minutes: offer.durationMinutes })}`;
  const withdraw = async () => {
    try {
      await change.mutateAsync({ offerId: offer.id, terms: null });
      toast.success(t('tutor.withdrawn'));
    } catch (error) {
      toast.error(t('tutor.failedSave', { reason: reasonOf(error) }));
    }
  };
  return (
    <div className="actions">
      <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`${t('tutor.edit')}: ${label}`}>{t('tutor.edit')}</Button>
      <Button size="sm" variant="secondary" busy={change.isPending} onClick={() => void withdraw()} aria-label={`${t('tutor.withdraw')}: ${label}`}>
        {t('tutor.withdraw')}
      </Button>
    </div>
  );
}

function OfferForm({ offer, onDone }: { offer?: PackOffer; onDone: () => void }) {
  const t = usePacksText();
  const toast = useToast();
  const change = useChangeOffer();
  const [lessons, setLessons] = useState(String(offer?.lessons ?? 5));
  const [duration, setDuration] = useState<PackTermsInput['durationMinutes']>(offer?.durationMinutes ?? 60);
  const [discount, setDiscount] = useState(String(offer?.discountPercent ?? 10));
  const [problems, setProblems] = useState<{ lessons?: string; discount?: string }>({});
  const id = offer ? `pack-form-${offer.id}` : 'pack-form-new';

  const save = async () => {
    const count = Number(lessons);
    const off = Number(discount);
    const found: typeof problems = {};
    if (!Number.isInteger(count) || count < PACK_SIZES.min || count > PACK_SIZES.max || lessons.trim() === '') found.lessons = t('tutor.problem.lessons');
    if (!Number.isInteger(off) || off < PACK_DISCOUNT.min || off > PACK_DISCOUNT.max || discount.trim() === '') found.discount = t('tutor.problem.discount');
    setProblems(found);
    if (found.lessons || found.discount) return;
    try {
      await change.mutateAsync({ offerId: offer?.id, terms: { lessons: count, durationMinutes: duration, discountPercent: off } });
      toast.success(t('tutor.saved'));
      onDone();
    } catch (error) {
      toast.error(t('tutor.failedSave', { reason: reasonOf(error) }));
    }
  };

  return (
    <form
      className="pack-form"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <h3 id={`${id}-title`}>{offer ? t('tutor.formEdit') : t('tutor.formAdd')}</h3>
      <div className="pack-form-fields">
        <TextField
          id={`${id}-lessons`}
          label={t('tutor.lessons')}
          hint={t('tutor.lessonsHint')}
          error={problems.lessons}
          type="number"
          inputMode="numeric"
          min={PACK_SIZES.min}
          max={PACK_SIZES.max}
          value={lessons}
          onChange={(event) => setLessons(event.target.value)}
        />
        <SelectField
          id={`${id}-duration`}
          label={t('tutor.duration')}
          value={String(duration)}
          onChange={(event) => setDuration(Number(event.target.value) as PackTermsInput['durationMinutes'])}
        >
          {DURATIONS.map((minutes) => (
            <option key={minutes} value={minutes}>{t('tutor.minutes', { minutes })}</option>
          ))}
        </SelectField>
        <TextField
          id={`${id}-discount`}
          label={t('tutor.discount')}
          hint={t('tutor.discountHint')}
          error={problems.discount}
          type="number"
          inputMode="numeric"
          min={PACK_DISCOUNT.min}
          max={PACK_DISCOUNT.max}
          value={discount}
          onChange={(event) => setDiscount(event.target.value)}
        />
      </div>
      <div className="actions">
        <Button type="submit" busy={change.isPending}>{t('tutor.save')}</Button>
        <Button variant="secondary" onClick={onDone}>{t('tutor.cancel')}</Button>
      </div>
    </form>
  );
}
