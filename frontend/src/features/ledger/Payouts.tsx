/**
 * The tutor's payouts: Withdraw (or why not now) and the payout history with
 * each payout's status; the super admin's failed payouts and payouts in flight, with Retry.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPayoutView, PayoutView } from '@functions/payouts/contract';
import { reasonOf } from '../../shared/api';
import { kshMinor, relativeTime } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Dialog } from '../../shared/ui/Dialog';
import { QueryState } from '../../shared/ui/QueryState';
import { ledgerKeys, payoutKeys } from './keys';
import { adminPayoutsQuery, myPayoutsQuery, retryPayout, withdraw } from './ledger-api';
import { useLedgerText } from './text';

type Notice = { error: boolean; text: string } | null;

function NoticeLine({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return <p role={notice.error ? 'alert' : 'status'} className={notice.error ? 'field-error' : 'muted'}>{notice.text}</p>;
}

export function TutorPayouts() {
  const t = useLedgerText();
  const query = useQuery(myPayoutsQuery());
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // Money moves only after the tutor has seen the amount and where it goes, and confirmed.
  const [confirming, setConfirming] = useState(false);

  async function start() {
    setConfirming(false);
    setBusy(true);
    setNotice(null);
    try {
      const payout = await withdraw();
      setNotice({ error: false, text: t('payouts.started', { amount: kshMinor(payout.amountMinor) }) });
    } catch (error) {
      setNotice({ error: true, text: t('payouts.failedToStart', { reason: reasonOf(error) }) });
    } finally {
      setBusy(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: payoutKeys.mine }), queryClient.invalidateQueries({ queryKey: ledgerKeys.mine })]);
    }
  }

  return (
    <section className="ledger-payouts" aria-labelledby="tutor-payouts-title">
      <h3 id="tutor-payouts-title" className="ledger-history-title">{t('payouts.title')}</h3>
      <QueryState query={query} loading={t('payouts.loading')} error={{ title: t('payouts.error'), look: 'block' }}>
        {(mine) => {
          const minimum = kshMinor(mine.minimumMinor);
          return (
            <>
              <div className="ledger-withdraw">
                <Button onClick={() => setConfirming(true)} busy={busy} disabled={Boolean(mine.blockedBy)} aria-describedby={mine.blockedBy ? 'withdraw-blocked' : undefined}>
                  {mine.availableMinor > 0 ? t('payouts.withdraw', { amount: kshMinor(mine.availableMinor) }) : t('payouts.withdrawNothing')}
                </Button>
                {mine.blockedBy && <p id="withdraw-blocked" className="muted">{t(`payouts.blocked.${mine.blockedBy}`, { minimum })}</p>}
              </div>
              <Dialog
                open={confirming}
                title={t('payouts.confirmTitle')}
                description={mine.destination
                  ? t('payouts.confirmText', { amount: kshMinor(mine.availableMinor), institution: mine.destination.institution, number: mine.destination.maskedNumber })
                  : t('payouts.confirmTextPlain', { amount: kshMinor(mine.availableMinor) })}
                onClose={() => setConfirming(false)}
              >
                <div className="actions">
                  <Button variant="ghost" onClick={() => setConfirming(false)}>{t('payouts.confirmCancel')}</Button>
                  <Button onClick={() => void start()}>{t('payouts.confirm')}</Button>
                </div>
              </Dialog>
              <NoticeLine notice={notice} />
              <p className="muted">{t('payouts.schedule', { minimum })}</p>
              <h3 className="ledger-history-title">{t('payouts.historyTitle')}</h3>
              {mine.payouts.length === 0 ? <p className="muted">{t('payouts.none')}</p> : (
                <ul role="list" className="ledger-history">
                  {mine.payouts.map((p) => <PayoutLine key={p.reference} payout={p} />)}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
    </section>
  );
}

function PayoutLine({ payout }: { payout: PayoutView }) {
  const t = useLedgerText();
  return (
    <li>
      <div className="ledger-line-main">
        <span className="ledger-line-title">
          <span className={`ledger-status ledger-status-${payout.status}`}>{t(`payouts.status.${payout.status}`)}</span>
        </span>
        <time dateTime={payout.createdAt} className="muted">{t('payouts.requestedOn', { date: relativeTime(payout.createdAt) })}</time>
        {payout.status === 'failed' && payout.failureReason && (
          <span className="ledger-line-detail">{t('payouts.failedReason', { reason: payout.failureReason })}</span>
        )}
      </div>
      <span className="num ledger-amount">{kshMinor(payout.amountMinor)}</span>
    </li>
  );
}

/** The super admin's payouts: those that need an eye (failed, with Retry; in flight), then the latest paid ones. */
export function AdminPayoutsPanel() {
  const t = useLedgerText();
  return (
    <section className="ledger-admin-payouts" aria-labelledby="admin-payouts-title">
      <h3 id="admin-payouts-title">{t('admin.title')}</h3>
      <AdminPayoutList status="failed" />
      <AdminPayoutList status="processing" />
      <AdminPayoutList status="paid" />
    </section>
  );
}

const LIST_WORDS = {
  failed: { title: 'admin.failed', none: 'admin.noneFailed' },
  processing: { title: 'admin.processing', none: 'admin.noneProcessing' },
  paid: { title: 'admin.paidList', none: 'admin.nonePaid' },
} as const;

function AdminPayoutList({ status }: { status: PayoutView['status'] }) {
  const t = useLedgerText();
  const query = useQuery(adminPayoutsQuery(status));
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  async function retry(payout: AdminPayoutView) {
    setBusy(payout.reference);
    setNotice(null);
    try {
      await retryPayout(payout.reference);
      setNotice({ error: false, text: t('admin.retried', { reference: payout.reference }) });
    } catch (error) {
      setNotice({ error: true, text: t('admin.retryFailed', { reason: reasonOf(error) }) });
    } finally {
      setBusy(null);
      await Promise.all([queryClient.invalidateQueries({ queryKey: payoutKeys.all }), queryClient.invalidateQueries({ queryKey: ledgerKeys.platform })]);
    }
  }

  const title = t(LIST_WORDS[status].title);
  return (
    <div className="ledger-admin-list">
      <h4>{title}</h4>
      <NoticeLine notice={notice} />
      <QueryState query={query} loading={t('admin.loading')} error={{ title: t('admin.error'), look: 'block' }}>
        {({ payouts }) => payouts.length === 0 ? <p className="muted">{t(LIST_WORDS[status].none)}</p> : (
          // A region of its own: on a phone the table scrolls sideways, and the keyboard must reach it too.
          <div className="table-scroll" role="region" tabIndex={0} aria-label={title}>
            <table className="ledger-payout-table">
              <thead>
                <tr><th scope="col">{t('admin.tutor')}</th><th scope="col">{t('admin.amount')}</th><th scope="col">{t('admin.when')}</th><th scope="col">{t('admin.reason')}</th><th scope="col">{t('admin.action')}</th></tr>
              </thead>
              <tbody>
                {payouts.map((p) => {
                  const canRetry = p.status === 'failed' || Boolean(p.sendError);
                  return (
                    <tr key={p.reference}>
                      <td className="ledger-payout-name">{p.tutorName}</td>
                      <td className="num">{kshMinor(p.amountMinor)}</td>
                      <td><time dateTime={p.updatedAt}>{relativeTime(p.updatedAt)}</time></td>
                      <td>{p.status === 'paid' ? t('admin.paid') : p.failureReason ?? (p.sendError ? t('admin.notSent', { reason: p.sendError }) : t('admin.waiting'))}</td>
                      <td>
                        {canRetry && (
                          <Button size="sm" variant="secondary" busy={busy === p.reference} onClick={() => void retry(p)}
                            aria-label={t('admin.retryLabel', { amount: kshMinor(p.amountMinor), name: p.tutorName })}>
                            {t('admin.retry')}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </div>
  );
}
