/**
 * What phone verification writes to the logs: never the code, never the whole number (the table
 * and the SMS provider are faked; the logger is the real one, watched).
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhoneCodeItem, VerifiedPhoneItem } from './keys.js';

const state = vi.hoisted(() => ({
  code: undefined as PhoneCodeItem | undefined,
  verified: undefined as VerifiedPhoneItem | undefined,
  sent: [] as Array<{ to: string; text: string }>,
  failSend: false,
}));

vi.mock('./repository.js', () => ({
  PhoneTaken: class extends Error {},
  CodeGone: class extends Error {},
  ownerOfPhone: async () => undefined,
  verifiedPhoneOf: async () => state.verified,
  phoneCodeOf: async () => state.code,
  putPhoneCode: async (item: PhoneCodeItem) => { state.code = item; },
  deletePhoneCode: async () => { state.code = undefined; },
  countWrongTry: async () => { state.code!.wrongTries += 1; return 5 - state.code!.wrongTries; },
  confirmPhone: async (code: PhoneCodeItem, verifiedAt: string) => {
    state.verified = { userId: code.userId, phone: code.phone, verifiedAt };
    state.code = undefined;
    return state.verified;
  },
  removeVerifiedPhone: async () => { const was = state.verified; state.verified = undefined; return was; },
}));
vi.mock('../profiles/service.js', () => ({ myProfile: async () => ({ language: 'en' }) }));
vi.mock('../shared/rate-limit.js', () => ({ enforceRateLimit: async () => undefined }));
vi.mock('../messaging/africastalking.js', () => ({
  africasTalking: () => ({
    send: async (message: { to: string; text: string }) => {
      if (state.failSend) throw new Error(`refused ${message.to}: ${message.text}`);
      state.sent.push(message);
      return { messageId: 'ATXid_1', cost: 'KES 0.8' };
    },
  }),
}));

const { logger } = await import('../shared/logger.js');
const { confirmPhoneCode, removeMyPhone, requestPhoneCode } = await import('./service.js');

const user = { id: 'user-1', role: 'parent' } as Parameters<typeof requestPhoneCode>[0];

describe('phone verification logs', () => {
  const logged: unknown[] = [];
  beforeEach(() => {
    Object.assign(state, { code: undefined, verified: undefined, sent: [], failSend: false });
    logged.length = 0;
    for (const level of ['debug', 'info', 'warn', 'error'] as const) {
      vi.spyOn(logger, level).mockImplementation((...args: unknown[]) => { logged.push(args); });
    }
  });

  it('name a number by its prefix and last digits only, and never carry the code, through sending, a wrong try, confirming, changing and removing', async () => {
    await requestPhoneCode(user, { phone: '0712 345 678' }, 'en');
    const first = /(\d{6})/.exec(state.sent[0]!.text)![1]!;
    await expect(confirmPhoneCode(user, { code: first === '000000' ? '000001' : '000000' }, 'en')).rejects.toThrow(/Tries left: 4/);
    await confirmPhoneCode(user, { code: first }, 'en');
    await requestPhoneCode(user, { phone: '+254 733 999 111' }, 'en');
    const second = /(\d{6})/.exec(state.sent[1]!.text)![1]!;
    await confirmPhoneCode(user, { code: second }, 'en');
    // The old number was told.
    expect(state.sent[2]).toMatchObject({ to: '254712345678', text: expect.stringContaining('ending 111') });
    await removeMyPhone(user);

    const text = JSON.stringify(logged);
    expect(logged.length).toBeGreaterThanOrEqual(5);
    expect(text).toContain('2547…678');
    for (const secret of ['712345678', '733999111', first, second]) expect(text).not.toContain(secret);
  });

  it('a failed SMS is logged without the number or the code, and no code is kept', async () => {
    state.failSend = true;
    await expect(requestPhoneCode(user, { phone: '0712345678' }, 'sw')).rejects.toMatchObject({ status: 502, code: 'sms_failed' });
    expect(state.code).toBeUndefined();
    // The provider's error may echo the request: the log keeps its status, not its text.
    const text = JSON.stringify(logged);
    expect(text).toContain('2547…678');
    expect(text).not.toMatch(/712345678|\d{6}/);
  });
});
