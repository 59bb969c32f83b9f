/**
 * /packs/{packId} (the payer): one pack. Awaiting payment: its checkout in the page (M-Pesa prompt
 * first, card as the fallback). Paid: how many lessons are left to book, and the booking step.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../shared/api';
import { paths } from '../../shared/paths';
import { buttonClass } from '../../shared/ui/Button';
import { QueryState, StateCard } from '../../shared/ui/QueryState';
import { useDocumentTitle } from '../../shared/useDocumentTitle';
import { PayerOnly } from '../households';
import { PublicPage, useSubjectName } from '../tutors';
import { PackFacts, PackStatus } from './components';
import { PackBookStep } from './PackBookStep';
import { PackPayStep } from './PackPayStep';
import { packQuery } from './packs-api';
import { usePacksText } from './text';
import './packs.css';

export function PackPage() {
  const t = usePacksText();
  const subjectName = useSubjectName();
  const { packId = '' } = useParams();
  const query = useQuery(packQuery(packId));
  useDocumentTitle(t('pack.pageTitle'));
  // Not found, or another household's: the server's words say which.
  const refused = query.error instanceof ApiError && (query.error.namesNothing || query.error.status === 403) ? query.error : null;
  return (
    <PublicPage>
      {refused ? (
        <StateCard heading="h1" title={t('pack.failed')} text={refused.message} />
      ) : (
        <QueryState query={query} loading={t('pack.loading')} error={{ title: t('pack.failed'), heading: 'h1' }}>
          {(pack) => (
            <div className="pack-page">
              <section className="card" aria-labelledby="pack-title">
                <div className="booking-card-head">
                  <h1 id="pack-title">{t('pack.title', { subject: subjectName(pack.subject), tutor: pack.tutorName })}</h1>
                  <PackStatus pack={pack} />
                </div>
                <PackFacts pack={pack} />
                {pack.status === 'active' && (
                  <p className="alert alert-success" role="status" data-testid="pack-paid">
                    {pack.creditsLeft > 0 ? t('pack.paid', { count: pack.creditsLeft }) : t('pack.usedUp')}
                  </p>
                )}
                {pack.status === 'active' && pack.creditsLeft > 0 && <PackBookStep pack={pack} />}
                <div className="actions">
                  <Link to={paths.myBookings} className={buttonClass('secondary')}>{t('pack.myBookings')}</Link>
                </div>
              </section>
              {pack.status === 'awaiting_payment' && <PackPayStep pack={pack} />}
            </div>
          )}
        </QueryState>
      )}
    </PublicPage>
  );
}

export function PackPageForPayer() {
  return (
    <PayerOnly>
      <PackPage />
    </PayerOnly>
  );
}
