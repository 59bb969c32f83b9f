/**
 * The platform's daily AI cap against throwaway accounts: new accounts get a small daily
 * allowance each and share one per address, so twenty accounts made from one address together
 * spend a bounded part of the cap, and an established student still gets AI quizzes.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { QuizResponse } from '../../functions/ai/contract.js';
import { nairobiDay } from '../../functions/ai/quota.js';
import { aiSettings } from '../../functions/ai/settings.js';
import { api, createUser, type TestUser } from '../support/api.js';
import { establishedAccount, getItem } from '../support/fixtures.js';

const settings = aiSettings({});
/** One address for all the throwaway accounts (x-alp-client-ip: the viewer address CloudFront would see). */
const address = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${randomUUID().slice(0, 6)}`;

const quiz = (user: TestUser, from = address) => api<QuizResponse>('/api/ai/quiz', {
  method: 'POST', token: user.accessToken, headers: { 'x-alp-client-ip': from },
  body: { subject: 'Biology', difficulty: 'easy', count: 1 },
});
const askedTheModel = (res: { body: QuizResponse }) => res.body.quota === undefined;

describe('the AI budget under throwaway accounts', () => {
  it('20 new accounts asking past their allowance spend at most their allowance each and the address\'s together; the cap holds for everyone else', async () => {
    const day = nairobiDay(new Date());
    const platformBefore = ((await getItem('AIUSE#PLATFORM', `DAY#${day}`))?.modelCalls as number | undefined) ?? 0;
    const accounts = await Promise.all(Array.from({ length: 20 }, () => createUser('student')));
    const perAccount: number[] = [];
    for (const account of accounts) {
      let answered = 0;
      for (let i = 0; i < settings.newAccounts.perDay + 2; i += 1) {
        const res = await quiz(account);
        // Past the per-address limit in front of /api/ai/ (WAF on AWS) the gateway refuses outright.
        if (res.status === 429) {
          expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
          continue;
        }
        expect(res.status).toBe(200);
        if (askedTheModel(res)) answered += 1;
        else expect(res.body).toMatchObject({ source: 'fallback', quota: { scope: 'user' } });
      }
      perAccount.push(answered);
    }
    for (const answered of perAccount) expect(answered).toBeLessThanOrEqual(settings.newAccounts.perDay);
    const total = perAccount.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(settings.newAccounts.perIpPerDay);
    // 20 accounts × (allowance + 2) asks, but the platform counted only what was answered: far from the cap.
    const platformAfter = ((await getItem('AIUSE#PLATFORM', `DAY#${day}`))?.modelCalls as number | undefined) ?? 0;
    expect(platformAfter - platformBefore).toBe(total);
    expect(platformAfter).toBeLessThan(settings.limits.platform);

    // The refused new accounts' refusal names their allowance, not the established quota.
    const refused = await quiz(accounts[0]!, `${address}-b`);
    expect(refused.body.message).toContain(`${settings.newAccounts.perDay} AI quizzes`);

    // An established student still gets the model.
    const regular = await establishedAccount(await createUser('student'));
    expect(askedTheModel(await quiz(regular, `${address}-c`))).toBe(true);
  }, 240_000);
});
