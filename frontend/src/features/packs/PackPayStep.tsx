/**
 * Paying a pack in the page: the bookings' in-page checkout (M-Pesa prompt first; Paybill and the
 * card / Paystack page after two failed prompts). The server takes the amount from the pack; paid,
 * the payment's own page says so and leads back to the pack to book its lessons.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Pack } from '@functions/packs/contract';
import { callApi } from '../../shared/api';
import { goToCheckout } from '../../shared/checkout';
import { kshMinor } from '../../shared/format';
import { MpesaCheckout } from '../bookings';
import { packKeys } from './keys';
import { usePacksText } from './text';

export function PackPayStep({ pack }: { pack: Pack }) {
  const t = usePacksText();
  const client = useQueryClient();
  const title = useRef<HTMLHeadingElement>(null);
  // Opened right after buying: on a phone the checkout is below the fold.
  useEffect(() => title.current?.focus(), []);
  const params = { packId: pack.id };
  return (
    <div className="pack-pay">
      <section className="card" aria-labelledby={`pack-pay-${pack.id}`}>
        <h2 id={`pack-pay-${pack.id}`} ref={title} tabIndex={-1}>{t('pack.payTitle', { price: kshMinor(pack.priceMinor) })}</h2>
        <p className="muted">{t('pack.payLessons', { count: pack.lessons, minutes: pack.durationMinutes, tutor: pack.tutorName })}</p>
      </section>
      <MpesaCheckout
        amountMinor={pack.priceMinor}
        paidFor="lesson"
        send={(payment) => callApi('payPackByMpesa', { params, body: payment })}
        payByCard={async () => goToCheckout(await callApi('payPack', { params }))}
        onPaid={() => void client.invalidateQueries({ queryKey: packKeys.all })}
      />
    </div>
  );
}
