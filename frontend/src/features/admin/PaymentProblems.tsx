/**
 * Problem payments (money received that confirmed no lesson): what happened, the payer, the
 * tutor, what was bought (lesson subject and start in Nairobi time, or course title), the amounts,
 * how long it has waited and what to do; a super admin marks one resolved with a note (audited), or
 * retries a refund Paystack refused.
 */
import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentProblem } from '@functions/admin/contract';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { kshMinor } from '../../shared/format';
import { useSubjectName } from '../tutors';
import { paymentProblemsQuery, useResolvePaymentProblem } from './admin-api';
import { Age, Context, DateTime, loadFailed, LoadMore, NoteForm, PLATFORM_TIME_ZONE } from './components';
import { useDashboardText } from './dashboard-text';
import { RefundForm } from './Transactions';

// The problem's title and "what to do" come from the API (functions/payments/problems.ts) as sent, in the language asked for.
export function PaymentProblemsTab() {
  const t = useDashboardText();
  const subjectName = useSubjectName();
  const kindLabel = (kind: PaymentProblem['kind']) => t(`problems.kind.${kind}`);
  const query = useInfiniteQuery(paymentProblemsQuery());
  const problems = useMemo(() => query.data?.pages.flatMap((page) => page.problems) ?? [], [query.data]);
  const [resolving, setResolving] = useState<PaymentProblem | null>(null);
  const [retrying, setRetrying] = useState<PaymentProblem | null>(null);

  return (
    <section className="card" aria-labelledby="payment-problems-title">
      <h2 id="payment-problems-title">{t('problems.title')}</h2>
      <p className="muted">{t('problems.lead')}</p>
      <QueryState
        query={query}
        loading={t('problems.loading')}
        error={loadFailed(t('problems.loadFailed'))}
        empty={{ when: () => problems.length === 0, show: <p className="admin-empty">{t('problems.none')}</p> }}
      >
        {() => (
          <ul className="problem-list" role="list">
            {problems.map((p) => (
              <li key={`${p.kind}:${p.reference}`} className="problem-row">
                <div className="problem-head">
                  <span className="status-badge status-bad">{kindLabel(p.kind)}</span>
                  <strong>{p.title}</strong>
                </div>
                <dl className="review-facts problem-facts">
                  <div>
                    <dt>{t('problems.payer')}</dt>
                    <dd>
                      {p.payer.name}
                      {p.payer.email && <span className="muted"> · {p.payer.email}</span>}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('problems.paid')}</dt>
                    <dd>{kshMinor(p.paidMinor, p.paidCurrency)}</dd>
                  </div>
                  <div>
                    <dt>{t('problems.price')}</dt>
                    <dd>{kshMinor(p.expectedMinor)}</dd>
                  </div>
                  {p.tutorName && (
                    <div>
                      <dt>{t('problems.tutor')}</dt>
                      <dd>{p.tutorName}</dd>
                    </div>
                  )}
                  {(p.bookingId ?? p.courseId) && (
                    <div>
                      <dt>{p.courseId ? t('problems.course') : t('problems.lesson')}</dt>
                      {/* What was bought by name (the subject in the page's language); never an id, the reference finds the rest. */}
                      {p.courseTitle ? <dd>{p.courseTitle}</dd>
                        : p.lessonSubject && p.lessonAt ? <dd>{subjectName(p.lessonSubject)}, <DateTime iso={p.lessonAt} timeZone={PLATFORM_TIME_ZONE} /> {t('problems.eat')}</dd>
                          : <dd className="muted">{t('problems.gone')}</dd>}
                    </div>
                  )}
                  <div>
                    <dt>{t('problems.reference')}</dt>
                    <dd className="problem-id">{p.reference}</dd>
                  </div>
                  <div>
                    <dt>{t('problems.since')}</dt>
                    <dd>
                      <DateTime iso={p.flaggedAt} /> <span className="muted">(<Age iso={p.flaggedAt} />)</span>
                    </dd>
                  </div>
                </dl>
                <p className="problem-action">
                  <strong>{t('problems.whatToDo')}</strong>
                  {p.action}
                </p>
                {/* A refund the provider refused is asked again (the problem then leaves the list). */}
                <Button size="sm" variant="secondary" onClick={() => (p.kind === 'refund_failed' ? setRetrying(p) : setResolving(p))}>
                  {p.kind === 'refund_failed' ? t('problems.retryRefund') : t('problems.markResolved')}
                  <Context>{`: ${kindLabel(p.kind)}, ${p.reference}`}</Context>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore failed={t('problems.loadMoreFailed')} query={query} />
      <Dialog
        open={resolving !== null}
        title={t('problems.resolveTitle')}
        description={resolving ? t('problems.resolveDescription', { kind: kindLabel(resolving.kind), reference: resolving.reference }) : undefined}
        onClose={() => setResolving(null)}
      >
        {resolving && <ResolveForm key={resolving.reference} problem={resolving} onDone={() => setResolving(null)} />}
      </Dialog>
      <Dialog
        open={retrying !== null}
        title={t('problems.retryTitle')}
        description={retrying ? t('problems.retryDescription', { amount: kshMinor(retrying.paidMinor, retrying.paidCurrency), reference: retrying.reference }) : undefined}
        onClose={() => setRetrying(null)}
      >
        {retrying && <RefundForm key={retrying.reference} reference={retrying.reference} onDone={() => setRetrying(null)} />}
      </Dialog>
    </section>
  );
}

/** Mounted per problem, so every resolution starts with an empty note. */
function ResolveForm({ problem, onDone }: { problem: PaymentProblem; onDone: () => void }) {
  const t = useDashboardText();
  const resolve = useResolvePaymentProblem();
  return (
    <NoteForm
      label={t('resolve.label')}
      placeholder={t('resolve.placeholder')}
      submitLabel={t('problems.markResolved')}
      missing={t('resolve.missing')}
      failure={resolve.isError ? t('resolve.failed', { reason: reasonOf(resolve.error) }) : undefined}
      pending={resolve.isPending}
      onSubmit={(note) => resolve.mutate({ reference: problem.reference, note }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}
