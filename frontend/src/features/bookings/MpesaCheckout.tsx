/**
 * Paying without leaving the page, for whatever is bought (a held lesson on /pay/…, a course on its
 * own page): M-Pesa first: the payer gives the number (the verified one, prefilled), we push the
 * prompt, and the page waits while they enter the PIN on the phone, asking our API as often as it
 * says (it asks Paystack at most every 10 s). Each way a prompt fails has its own words and "Send
 * the prompt again"; after two failures Paybill (PaybillCheckout) and the card / Paystack page are
 * offered first. Paid, the payment's own page (/payment-callback) shows what was bought.
 * `send` makes the charge for what is bought: the server decides the amount from it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { offersPaybill, type MpesaPayment, type MpesaPromptResponse } from '@functions/payments/contract';
import { reasonOf } from '../../shared/api';
import { paymentStartError } from '../../shared/checkout';
import { Button } from '../../shared/ui/Button';
import { TextField } from '../../shared/ui/fields';
import { Spinner } from '../../shared/ui/Spinner';
import { useToast } from '../../shared/ui/toast';
import { useMe } from '../auth';
import { localMobile, myPhoneQuery } from '../phones';
import { PaybillCheckout } from './PaybillCheckout';
import { promptOutcome, usePayText, type PaidFor, type PayText } from './pay-text';
import { useFollowPayment } from './use-follow-payment';
import './bookings.css';

export interface MpesaCheckoutProps {
  amountMinor: number;
  paidFor: PaidFor;
  /** Pushes a prompt (or, with `method: "paybill"`, asks for Paybill details) for what is bought. */
  send: (payment: MpesaPayment) => Promise<MpesaPromptResponse>;
  /** The card / Paystack page checkout: resolves as the page leaves, rejects when it cannot. */
  payByCard: () => Promise<unknown>;
  /** Paid in the page: before the payment's own page opens, e.g. to read what was bought again. */
  onPaid?: () => void;
}

export function MpesaCheckout({ amountMinor, paidFor, send, payByCard, onPaid }: MpesaCheckoutProps) {
  const t = usePayText();
  const [failures, setFailures] = useState(0);
  // Paybill goes to the number the last prompt went to: Paystack's M-Pesa offline names the payer's phone too.
  const [lastPhone, setLastPhone] = useState('');
  const onFailure = useCallback((phone: string) => {
    setLastPhone(phone);
    setFailures((n) => n + 1);
  }, []);
  const fallback = offersPaybill(failures);
  const card = <CardCheckout pay={payByCard} t={t} first={fallback} />;
  return (
    <>
      {fallback && (
        <PaybillCheckout amountMinor={amountMinor} paidFor={paidFor} onPaid={onPaid} t={t} start={() => send({ phone: lastPhone, method: 'paybill' })} />
      )}
      {fallback && card}
      <MpesaPrompt send={send} paidFor={paidFor} onPaid={onPaid} t={t} onFailure={onFailure} />
      {!fallback && card}
    </>
  );
}

function CardCheckout({ pay, t, first }: { pay: () => Promise<unknown>; t: PayText; first: boolean }) {
  const toast = useToast();
  // Stays busy once started: the page is leaving for the provider's.
  const [busy, setBusy] = useState(false);
  const start = () => {
    setBusy(true);
    pay().catch((error: unknown) => {
      setBusy(false);
      toast.error(paymentStartError(error));
    });
  };
  return (
    <section className="card" aria-labelledby="pay-card">
      <h2 id="pay-card">{t('card.title')}</h2>
      <p className={first ? 'alert alert-info' : 'muted'}>{first ? t('card.afterFailures') : t('card.intro')}</p>
      <Button variant={first ? 'primary' : 'secondary'} busy={busy} onClick={start}>
        {t('card.pay')}
      </Button>
    </section>
  );
}

type PromptView = { kind: 'form' } | { kind: 'sending' } | { kind: 'prompt'; prompt: MpesaPromptResponse };

const FAILED_STATES = new Set<MpesaPromptResponse['state']>(['cancelled', 'unreachable', 'insufficient_funds', 'declined', 'timeout']);

function MpesaPrompt({ send: charge, paidFor, onPaid, t, onFailure }: {
  send: MpesaCheckoutProps['send']; paidFor: PaidFor; onPaid: (() => void) | undefined; t: PayText; onFailure: (phone: string) => void;
}) {
  const { profile } = useMe();
  const toast = useToast();
  const [phone, setPhone] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [view, setView] = useState<PromptView>({ kind: 'form' });
  // The verified number first: it is the one the payer proved is theirs.
  const verified = useQuery({ ...myPhoneQuery(), retry: false }).data?.verified?.phone;
  const number = phone ?? (verified ? localMobile(verified) : undefined) ?? profile?.phone ?? '';
  const status = useRef<HTMLParagraphElement>(null);

  const send = async () => {
    setFieldError(undefined);
    setView({ kind: 'sending' });
    try {
      const prompt = await charge({ phone: number });
      setView({ kind: 'prompt', prompt });
      if (FAILED_STATES.has(prompt.state)) onFailure(number);
    } catch (error) {
      setView({ kind: 'form' });
      const field = error instanceof Error && 'fields' in error ? (error as { fields: { path: string; message: string }[] }).fields.find((f) => f.path === 'phone') : undefined;
      if (field) setFieldError(field.message);
      else toast.error(t('mpesa.failed', { reason: reasonOf(error) }));
    }
  };

  const prompt = view.kind === 'prompt' ? view.prompt : null;
  useFollowPayment(prompt, useCallback((next: MpesaPromptResponse) => {
    setView({ kind: 'prompt', prompt: next });
    if (FAILED_STATES.has(next.state)) onFailure(number);
  }, [onFailure, number]), onPaid);

  useEffect(() => {
    if (prompt && prompt.state !== 'waiting') status.current?.focus();
  }, [prompt]);

  return (
    <section className="card mpesa-card" aria-labelledby="pay-mpesa">
      <h2 id="pay-mpesa">{t('mpesa.title')}</h2>
      {!prompt || view.kind !== 'prompt' ? (
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <p className="muted">{t('mpesa.intro')}</p>
          <TextField
            id="mpesa-phone"
            label={t('mpesa.phone')}
            hint={t('mpesa.phoneHint')}
            error={fieldError}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            onChange={(event) => setPhone(event.target.value)}
          />
          <Button type="submit" size="lg" busy={view.kind === 'sending'}>{t('mpesa.send')}</Button>
        </form>
      ) : prompt.state === 'waiting' ? (
        <div className="mpesa-waiting" role="status">
          <Spinner />
          <p className="mpesa-state"><strong>{t('mpesa.waiting')}</strong></p>
          <p className="muted">{t('mpesa.sentTo', { phone: prompt.phone })}</p>
        </div>
      ) : (
        <div className="mpesa-result">
          <p ref={status} tabIndex={-1} role="alert" className={prompt.state === 'paid' ? 'alert alert-success' : 'alert alert-error'}>
            {promptOutcome(t, prompt.state, paidFor)}
          </p>
          {FAILED_STATES.has(prompt.state) && (
            <div className="form-actions">
              <Button size="lg" busy={false} onClick={() => void send()}>{t('mpesa.again')}</Button>
              <Button variant="ghost" onClick={() => setView({ kind: 'form' })}>{t('mpesa.otherNumber')}</Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
