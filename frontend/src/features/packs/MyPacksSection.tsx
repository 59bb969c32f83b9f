/**
 * My Bookings' "Lesson packs": the family's packs (a parent's: every child's), each with its
 * learner, tutor, subject, lessons left of the pack's and status. Awaiting payment → "Pay now"
 * (the pack's checkout); paid with lessons left → "Book a lesson" opens the booking step here.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Pack } from '@functions/packs/contract';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { InlineLoading, LoadError } from '../../shared/ui/QueryState';
import { useSubjectName } from '../tutors';
import { PackFacts, PackStatus } from './components';
import { PackBookStep } from './PackBookStep';
import { myPacksQuery } from './packs-api';
import { usePacksText } from './text';
import './packs.css';

/** `learnerId`: one child's packs only (My Bookings' child filter); every pack without it. */
export function MyPacksSection({ learnerId }: { learnerId?: string | undefined }) {
  const t = usePacksText();
  const query = useQuery(myPacksQuery());
  const packs = query.data && learnerId ? query.data.filter((pack) => pack.learnerId === learnerId) : query.data;
  if (query.isPending) return <InlineLoading label={t('mine.loading')} />;
  if (query.isError) return <LoadError title={t('mine.failed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  // No packs: nothing to say (packs are offered on the tutors' profiles).
  if (!packs?.length) return null;
  return (
    <section className="booking-section pack-section" aria-labelledby="lesson-packs" aria-busy={query.isFetching || undefined}>
      <h2 id="lesson-packs" className="booking-section-title">
        {t('mine.title')} <span className="muted num">({packs.length})</span>
      </h2>
      <ul className="booking-list" role="list">
        {packs.map((pack) => (
          <li key={pack.id}>
            <PackCard pack={pack} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PackCard({ pack }: { pack: Pack }) {
  const t = usePacksText();
  const subject = useSubjectName()(pack.subject);
  const [booking, setBooking] = useState(false);
  const titleId = `pack-${pack.id}`;
  return (
    <article className="card booking-card pack-card" aria-labelledby={titleId} data-testid="pack-card">
      <div className="booking-card-head">
        <h3 id={titleId}>{t('pack.title', { subject, tutor: pack.tutorName })}</h3>
        <PackStatus pack={pack} />
      </div>
      <PackFacts pack={pack} />
      {pack.status === 'awaiting_payment' && (
        <div className="actions">
          <Link to={paths.pack(pack.id)} className={buttonClass('primary', 'sm')} aria-describedby={titleId}>{t('mine.payNow')}</Link>
        </div>
      )}
      {pack.status === 'active' && pack.creditsLeft > 0 && !booking && (
        <div className="actions">
          <Button size="sm" onClick={() => setBooking(true)} aria-describedby={titleId}>{t('mine.book')}</Button>
        </div>
      )}
      {booking && <PackBookStep pack={pack} onClose={() => setBooking(false)} />}
    </article>
  );
}
