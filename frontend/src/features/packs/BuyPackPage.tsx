/**
 * /lesson-packs/{tutorId}?offer={offerId} (students and parents): buying one of a tutor's packs.
 * A parent buys for the child chosen in the header (as booking does), picks the subject, and the
 * server creates the pack priced from the offer, awaiting payment; the pack's own page then
 * takes the payment in the page.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DEFAULT_BOOKING_SUBJECTS } from '@functions/bookings/contract';
import { learnerLevel } from '@functions/households/grades-catalog';
import type { PackOffer } from '@functions/packs/contract';
import type { PublicTutorProfile } from '@functions/tutors/contract';
import { ApiError, reasonOf } from '../../shared/api';
import { ksh } from '../../shared/format';
import { useActiveLanguage } from '../../shared/i18n/text';
import { paths } from '../../shared/paths';
import { Button, buttonClass } from '../../shared/ui/Button';
import { SelectField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PayerOnly, useActiveLearner } from '../households';
import { fullName, PublicPage, TutorNotFound, tutorQuery, useSubjectName } from '../tutors';
import { OfferTerms } from './components';
import { tutorPackOffersQuery, useBuyPack } from './packs-api';
import { usePacksText } from './text';
import './packs.css';

export function BuyPackPage() {
  const t = usePacksText();
  const { tutorId = '' } = useParams();
  const [params] = useSearchParams();
  const offerId = params.get('offer') ?? '';
  const tutor = useQuery(tutorQuery(tutorId));
  const offers = useQuery(tutorPackOffersQuery(tutorId));
  const notFound = tutor.error instanceof ApiError && tutor.error.namesNothing;
  useDocumentTitle(tutor.data ? t('buy.title', { name: fullName(tutor.data) }) : t('buy.titleDefault'));
  return (
    <PublicPage>
      {notFound ? (
        <TutorNotFound />
      ) : (
        <QueryState query={tutor} loading={t('buy.loading')} error={{ title: t('buy.failed'), heading: 'h1' }}>
          {(found) => (
            <div className="pack-page">
              <h1>{t('buy.title', { name: fullName(found) })}</h1>
              <QueryState query={offers} loading={t('buy.loading')} error={{ title: t('buy.failed') }}>
                {(list) => {
                  const offer = list.find((o) => o.id === offerId);
                  if (!found.verified) return <p className="alert alert-warn" role="status">{t('buy.notVerified')}</p>;
                  if (!offer) {
                    return (
                      <div className="alert alert-warn" role="status">
                        <p>{t('buy.gone')}</p>
                        <Link to={paths.tutorProfile(tutorId)} className={buttonClass('secondary', 'sm')}>{t('buy.backToTutor')}</Link>
                      </div>
                    );
                  }
                  return <BuyForm tutor={found} offer={offer} />;
                }}
              </QueryState>
            </div>
          )}
        </QueryState>
      )}
    </PublicPage>
  );
}

/** The route's page: a learner linked to a parent is told to ask them (the parent pays), as booking does. */
export function BuyPackPageForPayer() {
  return (
    <PayerOnly>
      <BuyPackPage />
    </PayerOnly>
  );
}

function BuyForm({ tutor, offer }: { tutor: PublicTutorProfile; offer: PackOffer }) {
  const t = usePacksText();
  const language = useActiveLanguage();
  const subjectName = useSubjectName();
  const navigate = useNavigate();
  const subjects: readonly string[] = tutor.subjects.length ? tutor.subjects : DEFAULT_BOOKING_SUBJECTS;
  const { active: learner, learnerId } = useActiveLearner();
  const [subject, setSubject] = useState(subjects.length === 1 ? subjects[0]! : '');
  const [problem, setProblem] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const buy = useBuyPack();

  const submit = async () => {
    if (!subject) {
      setProblem(t('buy.problem.subject'));
      return;
    }
    setFailure(null);
    try {
      const { pack } = await buy.mutateAsync({ tutorId: tutor.id, offerId: offer.id, subject, ...(learnerId ? { learnerId } : {}) });
      void navigate(paths.pack(pack.id));
    } catch (error) {
      setFailure(t('buy.failedToBuy', { reason: reasonOf(error) }));
    }
  };

  return (
    <section className="card pack-buy" aria-labelledby="pack-buy-title">
      <h2 id="pack-buy-title">
        <OfferTerms offer={offer} />
      </h2>
      {learner && (
        <p className="pack-for">{t('buy.for', { name: learner.firstName, level: learnerLevel(learner.grade, learner.curriculum, language) })}</p>
      )}
      <SelectField
        id="pack-subject"
        label={t('buy.subject')}
        value={subject}
        error={problem}
        onChange={(event) => {
          setSubject(event.target.value);
          setProblem(undefined);
        }}
      >
        <option value="">{t('buy.chooseSubject')}</option>
        {subjects.map((s) => (
          <option key={s} value={s}>{subjectName(s)}</option>
        ))}
      </SelectField>
      {failure && <p className="field-error" role="alert">{failure}</p>}
      <div className="actions">
        <Button size="lg" busy={buy.isPending} onClick={() => void submit()}>
          {t('buy.submit', { price: ksh(offer.price) })}
        </Button>
      </div>
    </section>
  );
}
