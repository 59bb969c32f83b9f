/**
 * Where a tutor's earnings go, on the dashboard's Earnings tab: empty until
 * added, then the masked number; adding and changing both ask for the password (the server checks
 * it and e-mails the tutor). The full number is typed here once and never shown back.
 */
import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PayoutDetails } from '@functions/payouts/recipient-contract';
import { relativeTime } from '../../shared/format';
import { lazyWithRetry } from '../../shared/lazy-retry';
import { loadOnIntent } from '../../shared/load-on-intent';
import { Button } from '../../shared/ui/Button';
import { CardSection } from '../../shared/ui/CardSection';
import { PartBoundary } from '../../shared/ui/PartBoundary';
import { InlineLoading, QueryState } from '../../shared/ui/QueryState';
import { myPayoutDetailsQuery } from './payouts-api';
import { usePayoutsText } from './text';
import './payouts.css';

// The form brings zod and the contract (about 38 KB gzip): fetched when Add or Change is pointed at.
const loadForm = () => import('./PayoutDetailsForm');
const PayoutDetailsForm = lazyWithRetry(() => loadForm().then((m) => m.PayoutDetailsForm));

export function PayoutDetailsCard() {
  const t = usePayoutsText();
  const query = useQuery(myPayoutDetailsQuery());
  const [editing, setEditing] = useState(false);
  return (
    <div className="payout-details">
      <CardSection id="payout-details-title" title={t('title')}>
        <QueryState query={query} loading={t('loading')} error={{ title: t('loadError'), look: 'block' }}>
          {({ details }) =>
            editing ? (
              <PartBoundary>
                <Suspense fallback={<InlineLoading label={t('loading')} />}>
                  <PayoutDetailsForm current={details} onDone={() => setEditing(false)} />
                </Suspense>
              </PartBoundary>
            ) : details ? (
              <SavedDetails details={details} onChange={() => setEditing(true)} />
            ) : (
              <div className="payout-empty">
                <p className="payout-empty-title">{t('empty.text')}</p>
                <p className="muted">{t('empty.hint')}</p>
                <Button onClick={() => setEditing(true)} {...loadOnIntent(loadForm)}>{t('add')}</Button>
              </div>
            )
          }
        </QueryState>
      </CardSection>
    </div>
  );
}

function SavedDetails({ details, onChange }: { details: PayoutDetails; onChange: () => void }) {
  const t = usePayoutsText();
  return (
    <div className="payout-saved">
      <dl className="payout-fields">
        <div>
          <dt>{t('shown.method')}</dt>
          <dd>{details.method === 'mpesa' ? t('method.mpesa') : details.institution}</dd>
        </div>
        <div>
          <dt>{t('shown.number')}</dt>
          <dd className="num">{details.maskedNumber}</dd>
        </div>
        <div>
          <dt>{t('shown.name')}</dt>
          <dd>{details.accountName}</dd>
        </div>
        <div>
          <dt>{t('shown.updated')}</dt>
          <dd>
            <time dateTime={details.updatedAt}>{relativeTime(details.updatedAt)}</time>
          </dd>
        </div>
      </dl>
      <Button variant="secondary" onClick={onChange} {...loadOnIntent(loadForm)}>{t('change')}</Button>
    </div>
  );
}

