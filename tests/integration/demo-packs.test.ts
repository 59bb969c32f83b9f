/**
 * The seeded lesson pack (`npm start`; the test stack seeds as npm start does): tutor01's profile
 * offers one pack, priced from their hourly rate, and the tutor sees the same offer as theirs.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoTutorEmail, PAYOUT_DEMO_TUTOR } from '../../infra/local/demo/seed.js';
import { callApi, expectOk, signIn } from '../support/api.js';

describe('the seeded lesson pack', () => {
  it('is offered on the demo tutor\'s profile and is theirs on the dashboard', async () => {
    const tutor = await signIn(demoTutorEmail(PAYOUT_DEMO_TUTOR), DEMO_PASSWORD);
    const { offers: mine } = await expectOk(callApi('myPackOffers', { token: tutor.accessToken }), 'my pack offers');
    expect(mine).toHaveLength(1);
    const { offers } = await expectOk(callApi('tutorPackOffers', { params: { tutorId: mine[0]!.tutorId } }), 'profile packs');
    expect(offers).toEqual(mine);
    expect(offers[0]).toMatchObject({ lessons: 4, durationMinutes: 60, discountPercent: 5 });
    expect(offers[0]!.price).toBe(Math.floor(offers[0]!.fullPrice * 0.95));
  });
});
