/**
 * Weekly plans and the ledger, against the emulators and the Paystack sandbox: after a random
 * (seeded, so repeatable) sequence of instalment payments, replayed payment reports, single-lesson
 * cancels, completed lessons and endings over several plans, every refunded lesson was refunded
 * its share exactly once at Paystack and in the ledger, every completed lesson earned once, no
 * lesson was both, and the ledger check balances.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { completeLesson } from '../../functions/bookings/service.js';
import { runLedgerCheck } from '../../functions/ledger/service.js';
import { callApi, createUser, eventually, expectOk, stack, type TestUser } from '../support/api.js';
import { bookableTutor, getItem, paidFirstInstalmentByCard, paystackWebhook, postWebhook, weeklyPlan, type WeeklyPlan } from '../support/fixtures.js';
import { useStackEnvironment } from '../support/jobs.js';

beforeAll(() => useStackEnvironment());

interface PlanState {
  payer: TestUser;
  plan: WeeklyPlan;
  reference?: string;
  cancelled: Set<string>;
  completed: Set<string>;
  ended: boolean;
  /** The lessons the plan's ending refunded (its own answer). */
  refundedByEnding: string[];
}

const entry = (kind: string, reference: string, bookingId: string) => getItem(`LEDGER#ENTRY#${kind}#${reference}/${bookingId}`, 'ENTRY');

async function sandboxRefunds(reference: string): Promise<number[]> {
  const debug = await (await fetch(`${stack().sandboxUrls.paystack!}/__sandbox/transactions`)).json() as {
    transactions: Array<{ reference: string; refunds: Array<{ amount: number; status: string }> }>;
  };
  return (debug.transactions.find((t) => t.reference === reference)?.refunds ?? []).filter((r) => r.status === 'processed').map((r) => r.amount);
}

describe('the ledger check with weekly plans', () => {
  it('balances after a random sequence of payments, replays, cancels, completions and endings, each share refunded or earned once', async () => {
    let seed = 3011;
    const rand = () => ((seed = (seed * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32);
    const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(rand() * list.length)];

    // One tutor per plan: every plan is Mondays at 17:00.
    const plans: PlanState[] = await Promise.all(Array.from({ length: 3 }, async () => {
      const [tutor, payer] = await Promise.all([bookableTutor({ hourlyRate: 1500 }), createUser('student')]);
      return { payer, plan: await weeklyPlan(payer, tutor.userId), cancelled: new Set<string>(), completed: new Set<string>(), ended: false, refundedByEnding: [] };
    }));
    /** The paid month's lessons no one has cancelled, completed or ended yet; not the first (it may be inside the 24 hours). */
    const open = (s: PlanState) => s.plan.instalments[0]!.bookingIds.slice(1).filter((id) => !s.cancelled.has(id) && !s.completed.has(id));

    const done: string[] = [];
    for (let step = 0; step < 24; step++) {
      const s = pick(plans)!;
      const roll = rand();
      if (roll < 0.25) {
        if (s.reference) {
          // Paystack reports the payment again: nothing moves.
          const { body, signature } = paystackWebhook({ reference: s.reference, amount: Math.round(s.plan.instalments[0]!.amount * 100), channel: 'card' });
          expect((await postWebhook(body, signature)).status).toBe(200);
          done.push('replay');
        } else if (!s.ended) {
          s.reference = await paidFirstInstalmentByCard(s.payer, s.plan.id);
          done.push('pay');
        } else {
          // An ended plan takes no payment.
          const refused = await callApi('payPlanInstalment', { token: s.payer.accessToken, params: { planId: s.plan.id, n: 1 } });
          expect(refused.status).toBeGreaterThanOrEqual(400);
          done.push('pay-refused');
        }
      } else if (roll < 0.5) {
        const lesson = s.reference && !s.ended ? pick(open(s)) : undefined;
        if (!lesson) continue;
        await expectOk(callApi('cancelBooking', { token: s.payer.accessToken, params: { bookingId: lesson }, body: { reason: 'Travelling' } }), 'cancel');
        s.cancelled.add(lesson);
        done.push('cancel');
      } else if (roll < 0.75) {
        const lesson = s.reference && !s.ended ? pick(open(s)) : undefined;
        if (!lesson) continue;
        await completeLesson(lesson, 'ended_by_tutor');
        s.completed.add(lesson);
        done.push('complete');
      } else if (roll < 0.88) {
        if (s.ended) continue;
        await expectOk(callApi('endPlan', { token: s.payer.accessToken, params: { planId: s.plan.id }, body: { reason: 'Moving school' } }), 'end');
        const { ending } = await expectOk(callApi('planEnding', { token: s.payer.accessToken, params: { planId: s.plan.id } }), 'ending');
        s.refundedByEnding = ending.refunded.map((l: { bookingId: string }) => l.bookingId);
        s.ended = true;
        done.push('end');
      } else {
        if (!s.ended) continue;
        // Ending again carries out nothing more.
        await expectOk(callApi('endPlan', { token: s.payer.accessToken, params: { planId: s.plan.id }, body: {} }), 'end again');
        done.push('end-again');
      }
    }
    // The seed walks through every kind of step.
    expect(new Set(done)).toEqual(new Set(['pay', 'replay', 'cancel', 'complete', 'end', 'end-again', 'pay-refused']));

    for (const s of plans.filter((p) => p.reference)) {
      const reference = s.reference!;
      const shareMinor = Math.round(s.plan.pricePerLesson * 100);
      const refunded = [...s.cancelled, ...s.refundedByEnding];
      // A lesson is refunded or earned, never both; the ending refunded none that was completed or cancelled.
      expect(refunded.filter((id) => s.completed.has(id))).toEqual([]);
      expect(new Set(refunded).size).toBe(refunded.length);

      expect(await getItem(`LEDGER#ENTRY#payment#${reference}`, 'ENTRY')).toBeDefined();
      for (const id of refunded) {
        const refund = await eventually(() => entry('refund', reference, id), 30_000);
        expect(refund.postings).toEqual(expect.arrayContaining([{ account: 'refunds', amountMinor: shareMinor }]));
        expect(await entry('earned', reference, id)).toBeUndefined();
      }
      for (const id of s.completed) {
        await eventually(() => entry('earned', reference, id), 15_000);
        expect(await entry('refund', reference, id)).toBeUndefined();
      }
      // Paystack refunded each of those shares once, and nothing else of the payment.
      await eventually(async () => ((await sandboxRefunds(reference)).length === refunded.length ? true : undefined), 30_000);
      expect(await sandboxRefunds(reference)).toEqual(refunded.map(() => shareMinor));
    }

    const check = await runLedgerCheck();
    expect(check.problems).toEqual([]);
    expect(check.ok).toBe(true);
  });
});
