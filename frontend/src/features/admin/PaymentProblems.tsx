/**
 * Problem payments (money received that confirmed no lesson): what happened, the booking, the
 * payer, the amounts and what to do; a super admin marks one resolved with a note (audited), or
 * retries a refund Paystack refused.
 */
import { useMemo, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PaymentProblem } from '@functions/payments/problems';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { ksh } from '../../shared/format';
import { paymentProblemsQuery, useResolvePaymentProblem } from './admin-api';
import { Context, DateTime, loadFailed, LoadMore, NoteForm } from './components';
import { RefundForm } from './Transactions';

const KIND_LABELS: Record<PaymentProblem['kind'], string> = {
  needs_refund: 'Needs refund',
  duplicate: 'Duplicate payment',
  amount_mismatch: 'Amount mismatch',
  refund_failed: 'Refund failed',
};

/** KSh for the platform's currency; a payer's other currency by its code. */
const money = (minor: number, currency: string) => (currency === 'KES' ? ksh(minor / 100) : `${currency} ${(minor / 100).toFixed(2)}`);

export function PaymentProblemsTab() {
  const query = useInfiniteQuery(paymentProblemsQuery());
  const problems = useMemo(() => query.data?.pages.flatMap((page) => page.problems) ?? [], [query.data]);
  const [resolving, setResolving] = useState<PaymentProblem | null>(null);
  const [retrying, setRetrying] = useState<PaymentProblem | null>(null);

  return (
    <section className="card" aria-labelledby="payment-problems-title">
      <h2 id="payment-problems-title">Payment problems</h2>
      <p className="muted">Money that was received but confirmed no lesson. Each needs someone to act.</p>
      <QueryState
        query={query}
        loading="Loading payment problems…"
        error={loadFailed('the payment problems')}
        empty={{ when: () => problems.length === 0, show: <p className="admin-empty">No payment problems. Payments that need a refund or a check appear here.</p> }}
      >
        {() => (
          <ul className="problem-list" role="list">
            {problems.map((p) => (
              <li key={`${p.kind}:${p.reference}`} className="problem-row">
                <div className="problem-head">
                  <span className="status-badge status-bad">{KIND_LABELS[p.kind]}</span>
                  <strong>{p.title}</strong>
                </div>
                <dl className="review-facts problem-facts">
                  <div>
                    <dt>Payer</dt>
                    <dd>
                      {p.payer.name}
                      {p.payer.email && <span className="muted"> · {p.payer.email}</span>}
                    </dd>
                  </div>
                  <div>
                    <dt>Paid</dt>
                    <dd>{money(p.paidMinor, p.paidCurrency)}</dd>
                  </div>
                  <div>
                    <dt>Booking price</dt>
                    <dd>{money(p.expectedMinor, 'KES')}</dd>
                  </div>
                  <div>
                    <dt>{p.courseId ? 'Course' : 'Booking'}</dt>
                    <dd className="problem-id">{p.bookingId ?? p.courseId}</dd>
                  </div>
                  <div>
                    <dt>Reference</dt>
                    <dd className="problem-id">{p.reference}</dd>
                  </div>
                  <div>
                    <dt>Since</dt>
                    <dd>
                      <DateTime iso={p.flaggedAt} />
                    </dd>
                  </div>
                </dl>
                <p className="problem-action">
                  <strong>What to do: </strong>
                  {p.action}
                </p>
                {/* A refund the provider refused is asked again (the problem then leaves the list). */}
                <Button size="sm" variant="secondary" onClick={() => (p.kind === 'refund_failed' ? setRetrying(p) : setResolving(p))}>
                  {p.kind === 'refund_failed' ? 'Retry refund' : 'Mark resolved'}
                  <Context>{`: ${KIND_LABELS[p.kind]}, ${p.reference}`}</Context>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <LoadMore what="payment problems" query={query} />
      <Dialog
        open={resolving !== null}
        title="Mark payment problem resolved"
        description={resolving ? `${KIND_LABELS[resolving.kind]} · ${resolving.reference}. Your note is kept with your name.` : undefined}
        onClose={() => setResolving(null)}
      >
        {resolving && <ResolveForm key={resolving.reference} problem={resolving} onDone={() => setResolving(null)} />}
      </Dialog>
      <Dialog
        open={retrying !== null}
        title="Retry this refund?"
        description={retrying ? `${money(retrying.paidMinor, retrying.paidCurrency)} · ${retrying.reference}. The money goes back through Paystack; your reason is kept with your name.` : undefined}
        onClose={() => setRetrying(null)}
      >
        {retrying && <RefundForm key={retrying.reference} reference={retrying.reference} onDone={() => setRetrying(null)} />}
      </Dialog>
    </section>
  );
}

/** Mounted per problem, so every resolution starts with an empty note. */
function ResolveForm({ problem, onDone }: { problem: PaymentProblem; onDone: () => void }) {
  const resolve = useResolvePaymentProblem();
  return (
    <NoteForm
      label="What was done"
      placeholder="For example: refunded in the Paystack dashboard on 3 Dec."
      submitLabel="Mark resolved"
      missing="Add a note: what was done"
      failure={resolve.isError ? `Could not mark it resolved: ${reasonOf(resolve.error)}` : undefined}
      pending={resolve.isPending}
      onSubmit={(note) => resolve.mutate({ reference: problem.reference, note }, { onSuccess: onDone })}
      onCancel={onDone}
    />
  );
}
