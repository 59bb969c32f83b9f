/**
 * Paying by M-Pesa Paybill (Paystack's M-Pesa offline), offered after two failed prompts: the
 * payer asks for the details, pays our business number with the account reference from M-Pesa's
 * own menu (Lipa na M-Pesa → Pay Bill), and the page waits for the payment as it does for a
 * prompt, then goes on to the payment's own page. `start` creates the Paybill charge for whatever
 * is being bought (a lesson, a course; the server decides the amount).
 */
import { useCallback, useState } from 'react';
import type { MpesaPromptResponse } from '@functions/payments/contract';
import { reasonOf } from '../../shared/api';
import { kshMinor } from '../../shared/format';
import { Button } from '../../shared/ui/Button';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { promptOutcome, type PaidFor, type PayText } from './pay-text';
import { useFollowPayment } from './use-follow-payment';

export function PaybillCheckout({ start, amountMinor, paidFor, onPaid, t }: {
  start: () => Promise<MpesaPromptResponse>; amountMinor: number; paidFor: PaidFor; onPaid?: (() => void) | undefined; t: PayText;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [charge, setCharge] = useState<MpesaPromptResponse | null>(null);
  useFollowPayment(charge, useCallback((next: MpesaPromptResponse) => setCharge(next), []), onPaid);

  const ask = async () => {
    setBusy(true);
    try {
      setCharge(await start());
    } catch (error) {
      toast.error(t('paybill.failed', { reason: reasonOf(error) }));
    } finally {
      setBusy(false);
    }
  };
  const details = charge?.paybill;

  return (
    <section className="card paybill-card" aria-labelledby="pay-paybill">
      <h2 id="pay-paybill">{t('paybill.title')}</h2>
      {!details ? (
        <>
          <p className="muted">{t('paybill.intro')}</p>
          <Button size="lg" busy={busy} onClick={() => void ask()}>{t('paybill.show')}</Button>
        </>
      ) : (
        <>
          <dl className="paybill-details">
            <CopyRow label={t('paybill.business')} value={details.businessNumber} t={t} />
            <CopyRow label={t('paybill.account')} value={details.accountReference} t={t} />
            <div className="paybill-row">
              <dt>{t('paybill.amount')}</dt>
              <dd><strong>{kshMinor(amountMinor)}</strong></dd>
            </div>
          </dl>
          <ol className="paybill-steps">
            <li>{t('paybill.step1')}</li>
            <li>{t('paybill.step2', { number: details.businessNumber })}</li>
            <li>{t('paybill.step3', { account: details.accountReference })}</li>
            <li>{t('paybill.step4', { amount: kshMinor(amountMinor) })}</li>
          </ol>
          {charge.state === 'waiting' ? (
            <div className="mpesa-waiting" role="status">
              <Spinner />
              <p className="mpesa-state"><strong>{t('paybill.waiting')}</strong></p>
            </div>
          ) : (
            <p role="alert" className={charge.state === 'paid' ? 'alert alert-success' : 'alert alert-error'}>
              {charge.state === 'paid' || charge.state === 'refunding' ? promptOutcome(t, charge.state, paidFor) : t('paybill.ended')}
            </p>
          )}
        </>
      )}
    </section>
  );
}

function CopyRow({ label, value, t }: { label: string; value: string; t: PayText }) {
  const toast = useToast();
  const copy = () => navigator.clipboard.writeText(value)
    .then(() => toast.success(t('paybill.copied', { what: label })))
    .catch(() => toast.error(t('paybill.copyFailed')));
  return (
    <div className="paybill-row">
      <dt>{label}</dt>
      <dd>
        <strong className="paybill-value">{value}</strong>
        <Button variant="secondary" size="sm" aria-label={t('paybill.copyLabel', { what: label })} onClick={() => void copy()}>
          {t('paybill.copy')}
        </Button>
      </dd>
    </div>
  );
}
