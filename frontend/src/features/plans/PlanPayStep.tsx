/**
 * Paying a plan's instalment in the page: the bookings' in-page checkout (M-Pesa prompt first;
 * Paybill and the card / Paystack page after two failed prompts) with the instalment's charge.
 * The server takes the amount from the plan; paid, the payment's own page says so.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@functions/plans/contract';
import { callApi } from '../../shared/api';
import { goToCheckout } from '../../shared/checkout';
import { ksh } from '../../shared/format';
import { MpesaCheckout, bookingKeys } from '../bookings';
import { planKeys } from './keys';
import { payableInstalment } from './plan-view';
import { usePlansText } from './text';

/**
 * `number`: the instalment to pay; without it, the one due now (none: nothing to pay here).
 * `heading`: its level where it sits (h2 on the set-up page, h4 inside a plan's card).
 */
export function PlanPayStep({ plan, number, heading: Heading = 'h2' }: { plan: Plan; number?: number; heading?: 'h2' | 'h4' }) {
  const t = usePlansText();
  const client = useQueryClient();
  const title = useRef<HTMLHeadingElement>(null);
  const instalment = number === undefined ? payableInstalment(plan) : plan.instalments.find((i) => i.number === number);
  // Opened by a Pay button or right after set-up: on a phone the checkout is below the fold.
  useEffect(() => title.current?.focus(), []);
  if (!instalment || instalment.status === 'paid') return null;
  const params = { planId: plan.id, n: instalment.number };
  const what = plan.payment === 'term' ? t('instalment.term') : t('instalment.month', { number: instalment.number });
  return (
    <div className="plan-pay">
      <section className="card" aria-labelledby={`plan-pay-${plan.id}`}>
        <Heading id={`plan-pay-${plan.id}`} ref={title} tabIndex={-1}>{t('pay.title', { what, amount: ksh(instalment.amount) })}</Heading>
        <p className="muted">{t('pay.lessons', { count: instalment.bookingIds.length })}</p>
      </section>
      <MpesaCheckout
        amountMinor={Math.round(plan.pricePerLesson * 100) * instalment.bookingIds.length}
        paidFor="lesson"
        send={(payment) => callApi('payPlanInstalmentByMpesa', { params, body: payment })}
        payByCard={async () => goToCheckout(await callApi('payPlanInstalment', { params }))}
        onPaid={() => {
          void client.invalidateQueries({ queryKey: planKeys.all });
          void client.invalidateQueries({ queryKey: bookingKeys.all });
        }}
      />
    </div>
  );
}
