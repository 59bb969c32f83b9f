/**
 * The super admin's ledger figures: fee revenue, money held for tutors, paid
 * lessons not yet taught, payouts, refunds; and the ledger of a date range as a CSV download.
 */
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { reasonOf } from '../../shared/api';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/fields';
import { QueryState } from '../../shared/ui/QueryState';
import { balanceKsh } from './history';
import { exportLedger, platformLedgerQuery } from './ledger-api';
import { AdminPayoutsPanel } from './Payouts';
import { useLedgerText } from './text';
import './ledger.css';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export function PlatformMoney() {
  const t = useLedgerText();
  const query = useQuery(platformLedgerQuery());
  return (
    <section className="card" aria-labelledby="platform-money-title">
      <h2 id="platform-money-title">{t('platform.title')}</h2>
      <QueryState query={query} loading={t('platform.loading')} error={{ title: t('platform.error'), look: 'block' }}>
        {(l) => (
          <>
            <dl className="ledger-balances">
              <Figure label={t('platform.revenue')} minor={l.platformRevenueMinor} />
              <Figure label={t('platform.held')} minor={l.heldForTutorsMinor} />
              <Figure label={t('platform.lessonsHeld')} minor={l.lessonsHeldMinor} />
              <Figure label={t('platform.inFlight')} minor={l.payoutsInFlightMinor} />
              <Figure label={t('platform.paidOut')} minor={l.paidOutMinor} />
              <Figure label={t('platform.refunds')} minor={l.refundsMinor} />
            </dl>
            <p className="muted">
              {t('platform.explain', {
                pending: balanceKsh(l.tutorPendingMinor), hours: l.disputeWindowHours, available: balanceKsh(l.tutorAvailableMinor),
                fee: l.feePercent, payments: balanceKsh(l.paymentsMinor),
              })}
            </p>
            <p className="muted">{t('platform.terms', { fee: l.feePercent })}</p>
          </>
        )}
      </QueryState>
      <AdminPayoutsPanel />
      <LedgerExport />
    </section>
  );
}

function Figure({ label, minor }: { label: string; minor: number }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{balanceKsh(minor)}</dd>
    </div>
  );
}

/** Asks for the range's CSV and hands it to the browser as a file. */
function LedgerExport() {
  const t = useLedgerText();
  const today = new Date();
  const [from, setFrom] = useState(isoDay(new Date(today.getTime() - 30 * 86_400_000)));
  const [to, setTo] = useState(isoDay(today));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      const out = await exportLedger({ from, to });
      const url = URL.createObjectURL(new Blob([out.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `ledger-${out.from}-to-${out.to}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      setMessage({
        error: false,
        text: t(out.truncated ? 'export.truncated' : 'export.done', { rows: out.rows }),
      });
    } catch (error) {
      setMessage({ error: true, text: t('export.failed', { reason: reasonOf(error) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ledger-export" onSubmit={(e) => void submit(e)} aria-labelledby="ledger-export-title">
      <h3 id="ledger-export-title">{t('export.title')}</h3>
      <div className="ledger-export-fields">
        <TextField id="ledger-from" label={t('export.from')} type="date" value={from} max={to} required onChange={(e) => setFrom(e.target.value)} />
        <TextField id="ledger-to" label={t('export.to')} type="date" value={to} min={from} required onChange={(e) => setTo(e.target.value)} />
        <Button type="submit" variant="secondary" busy={busy}>{t('export.download')}</Button>
      </div>
      {message && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : 'muted'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
