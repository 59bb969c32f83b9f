/**
 * The tutor profile's "Lesson packs" beside Book: each offer with its lessons, length, price now
 * and discount; "Buy this pack" opens the buying page (a visitor signs in first, as for booking).
 * Shown only where booking is (the profile decides: a verified tutor, a viewer who may book).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { OfferTerms } from './components';
import { tutorPackOffersQuery } from './packs-api';
import { usePacksText } from './text';
import './packs.css';

export function ProfilePacks({ tutorId }: { tutorId: string }) {
  const t = usePacksText();
  const query = useQuery(tutorPackOffersQuery(tutorId));
  // Nothing offered, or not loaded: the profile says nothing of packs (Book is right above).
  if (!query.data?.length) return null;
  return (
    <section className="card profile-section pack-offers" aria-labelledby="packs-title">
      <h2 id="packs-title">{t('offers.title')}</h2>
      <p className="muted">{t('offers.intro')}</p>
      <ul className="pack-offer-list" role="list">
        {query.data.map((offer) => (
          <li key={offer.id} className="pack-offer" data-testid="pack-offer">
            <OfferTerms offer={offer} />
            <Link to={paths.buyPack(tutorId, offer.id)} className={buttonClass('secondary')}>
              {t('offer.buy')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
