/**
 * Following an M-Pesa payment made away from the page (a prompt on the phone, or Paybill from the
 * M-Pesa menu): while it waits, ask our API again when it says (it asks Paystack at most every
 * 10 s); paid → `onPaid` (what is bought reads its state again: the SPA's cache still holds it
 * unpaid) and the payment's own page (/payment-callback), which shows what was bought.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MpesaPromptResponse } from '@functions/payments/contract';
import { callApi } from '../../shared/api';
import { paths } from '../../shared/paths';

export function useFollowPayment(payment: MpesaPromptResponse | null, onNext: (next: MpesaPromptResponse) => void, onPaid?: () => void) {
  const navigate = useNavigate();
  const paid = useRef(onPaid);
  paid.current = onPaid;
  useEffect(() => {
    if (!payment) return;
    if (payment.state === 'paid') {
      paid.current?.();
      void navigate(`${paths.paymentCallback}?reference=${encodeURIComponent(payment.reference)}`);
      return;
    }
    if (payment.state !== 'waiting') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callApi('getMpesaPrompt', { params: { reference: payment.reference }, signal: controller.signal })
        .then(onNext)
        // A dropped request: ask again after the same wait.
        .catch(() => !controller.signal.aborted && onNext({ ...payment }));
    }, Math.min(payment.retryAfterMs ?? 5_000, 5_000));
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [payment, navigate, onNext]);
}
