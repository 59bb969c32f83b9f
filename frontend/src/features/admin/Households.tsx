/**
 * Households (super admins, for support): a parent's household found by their e-mail (the parent,
 * each child's first name, grade and curriculum, the consent records and the lessons booked) and
 * the privacy audit beside it. Every search is a read of children's data that the API records in
 * the audit, so a search runs only when asked (a mutation, never refetched on focus) and the audit
 * is read again after it.
 */
import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AdminHousehold, AuditEntry } from '@functions/privacy/contract';
import { CURRICULUM_LABELS, gradeName, type Curriculum } from '@functions/households/grades-catalog';
import { ApiError, reasonOf } from '../../shared/api';
import { useActiveLanguage } from '../../shared/i18n/text';
import { Button } from '../../shared/ui/Button';
import { QueryState } from '../../shared/ui/QueryState';
import { dateFormat } from '../../shared/when';
import { privacyAuditQuery, useFindHousehold } from './admin-api';
import { DateTime, loadFailed } from './components';
import { useDashboardText } from './dashboard-text';

export function HouseholdsTab() {
  return (
    <>
      <FindHousehold />
      <PrivacyAudit />
    </>
  );
}

function FindHousehold() {
  const t = useDashboardText();
  const id = useId();
  const [email, setEmail] = useState('');
  const find = useFindHousehold();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) find.mutate(email.trim());
  };
  const notFound = find.error instanceof ApiError && find.error.status === 404;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('households.title')}</h2>
      <p className="muted">{t('households.lead')}</p>
      <p className="household-audited" role="note">{t('households.audited')}</p>
      <form className="household-search" onSubmit={submit}>
        <div className="field admin-search">
          <label htmlFor={`${id}-email`}>{t('households.email')}</label>
          <input id={`${id}-email`} type="email" required value={email} autoComplete="off" inputMode="email" onChange={(event) => setEmail(event.target.value)} />
        </div>
        <Button type="submit" busy={find.isPending}>{t('households.search')}</Button>
      </form>
      <div aria-live="polite">
        {find.isPending && <p className="muted">{t('households.loading')}</p>}
        {find.isError && notFound && <p className="admin-empty">{t('households.notFound', { email: find.variables })}</p>}
        {find.isError && !notFound && (
          <p role="alert" className="admin-inline-error">
            {t('households.failed', { reason: reasonOf(find.error) })}{' '}
            <button type="button" className="btn-link" onClick={() => find.mutate(find.variables)}>{t('households.retry')}</button>
          </p>
        )}
        {find.isIdle && <p className="muted">{t('households.idle')}</p>}
        {find.isSuccess && <Household household={find.data} />}
      </div>
    </section>
  );
}

function Household({ household }: { household: AdminHousehold }) {
  const t = useDashboardText();
  const language = useActiveLanguage();
  const { parent, learners } = household;
  const day = dateFormat({ day: 'numeric', month: 'short', year: 'numeric' });
  return (
    <div className="household">
      <h3>{t('households.parent', { name: `${parent.firstName} ${parent.lastName}`.trim() })}</h3>
      <p className="muted">{parent.email}</p>
      {learners.length === 0 ? (
        <p className="admin-empty">{t('households.noChildren')}</p>
      ) : (
        <ul className="problem-list" role="list" aria-label={t('households.children')}>
          {learners.map((learner) => (
            <li key={learner.id} className="problem-row" aria-label={learner.firstName}>
              <strong>{learner.firstName}</strong>
              <dl className="review-facts">
                <div>
                  <dt>{t('households.grade')}</dt>
                  <dd>{gradeName(learner.grade, language)}</dd>
                </div>
                <div>
                  <dt>{t('households.curriculum')}</dt>
                  <dd>{CURRICULUM_LABELS[learner.curriculum as Curriculum]?.[language] ?? learner.curriculum}</dd>
                </div>
                <div>
                  <dt>{t('households.bookings')}</dt>
                  <dd>{learner.bookings}</dd>
                </div>
              </dl>
              {learner.consents.length === 0 ? (
                <p className="muted">{t('households.noConsent')}</p>
              ) : (
                <ul className="household-consents" role="list">
                  {learner.consents.map((consent) => (
                    <li key={`${consent.learnerId}-${consent.consentedAt}`}>
                      {t('households.consent', {
                        method: t(`households.method.${consent.method}`),
                        version: consent.policyVersion,
                        date: day.format(new Date(consent.consentedAt)),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PrivacyAudit() {
  const t = useDashboardText();
  const id = useId();
  const query = useQuery(privacyAuditQuery());
  const entries = query.data?.entries ?? [];
  const person = (name: string | undefined, userId: string) => name || t('audit.unknown', { id: userId.slice(0, 8) });
  const what = (entry: AuditEntry) => t(`audit.kind.${entry.kind}`);
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('audit.title')}</h2>
      <p className="muted">{t('audit.lead')}</p>
      <QueryState
        query={query}
        loading={t('audit.loading')}
        error={loadFailed(t('audit.loadFailed'))}
        empty={{ when: () => entries.length === 0, show: <p className="admin-empty">{t('audit.none')}</p> }}
      >
        {() => (
          <ul className="problem-list" role="list" aria-label={t('audit.title')}>
            {entries.map((entry) => (
              <li key={entry.id} className="problem-row audit-row">
                <strong>{what(entry)}</strong>
                <dl className="review-facts">
                  <div>
                    <dt>{t('audit.who')}</dt>
                    <dd>{person(entry.actorName, entry.actorId)}</dd>
                  </div>
                  <div>
                    <dt>{t('audit.household')}</dt>
                    <dd>{person(entry.subjectName, entry.subjectUserId)}</dd>
                  </div>
                  <div>
                    <dt>{t('audit.when')}</dt>
                    <dd><DateTime iso={entry.at} /></dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
