/** Small parts of the pack screens: an offer's terms and price, a pack's facts. */
import type { Pack, PackOffer } from '@functions/packs/contract';
import { ksh, kshMinor } from '../../shared/format';
import { useSubjectName } from '../tutors';
import { usePacksText } from './text';

/** "5 lessons of 60 min — KSh 9,000 (10% off, instead of KSh 10,000)". */
export function OfferTerms({ offer }: { offer: PackOffer }) {
  const t = usePacksText();
  return (
    <span className="pack-terms">
      <strong>{t('offer.terms', { lessons: offer.lessons, minutes: offer.durationMinutes })}</strong>
      {' — '}
      <strong className="num">{ksh(offer.price)}</strong>
      {offer.discountPercent > 0 && (
        <span className="muted"> ({t('offer.discount', { percent: offer.discountPercent })}, {t('offer.full', { price: ksh(offer.fullPrice) })})</span>
      )}
    </span>
  );
}

/** Learner, tutor, subject, lessons left of the pack's, its price. */
export function PackFacts({ pack }: { pack: Pack }) {
  const t = usePacksText();
  const subject = useSubjectName()(pack.subject);
  return (
    <dl className="booking-facts">
      {pack.learnerName && (
        <>
          <dt>{t('fact.learner')}</dt>
          <dd>{pack.learnerName}</dd>
        </>
      )}
      <dt>{t('fact.tutor')}</dt>
      <dd>{pack.tutorName}</dd>
      <dt>{t('fact.subject')}</dt>
      <dd>{subject}</dd>
      <dt>{t('fact.lessons')}</dt>
      <dd data-testid="pack-credits">
        {t('offer.terms', { lessons: pack.lessons, minutes: pack.durationMinutes })} · {t('fact.left', { left: pack.creditsLeft, total: pack.lessons })}
      </dd>
      <dt>{t('fact.price')}</dt>
      <dd className="num">
        {pack.discountPercent > 0 ? t('fact.priceValue', { price: kshMinor(pack.priceMinor), percent: pack.discountPercent }) : kshMinor(pack.priceMinor)}
      </dd>
    </dl>
  );
}

export function PackStatus({ pack }: { pack: Pack }) {
  const t = usePacksText();
  return <span className={pack.status === 'active' ? 'badge' : 'badge badge-wait'}>{t(`status.${pack.status}`)}</span>;
}
