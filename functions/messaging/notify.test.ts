/**
 * The channel router's rules against an in-memory store and fake providers: the chosen channel
 * and its fallbacks, opt-outs, caps, and once per (kind, subject, recipient, channel).
 */
import { describe, expect, it } from 'vitest';
import { channelsAfter, channelsToTry, isStopReply, type ChannelPreferences, type PhoneChannel } from './channels.js';
import type { ChannelSendItem, NotificationMessageItem, SentMessageItem } from './keys.js';
import { fallBackAfterUndelivered, notify, type Notification, type NotifyDeps } from './notify.js';
import { SmsFailure } from './sms.js';
import { WhatsAppFailure } from './whatsapp.js';

interface Fake {
  deps: NotifyDeps;
  sent: Array<{ channel: string; to: string; text?: string; template?: string; language?: string }>;
  counts: Map<string, number>;
}

function fake(recipient: { preferences?: ChannelPreferences; phone?: string; optedOut?: PhoneChannel[] } = {}, options: {
  smsFails?: boolean; whatsAppFails?: boolean; caps?: { perUserPerDay: number; platformPerDay: number };
} = {}): Fake {
  const items = new Map<string, unknown>();
  const counts = new Map<string, number>();
  const sent: Fake['sent'] = [];
  let ids = 0;
  const deps: NotifyDeps = {
    store: {
      recipientChannelItems: async () => ({ preferences: recipient.preferences ?? {}, optedOut: new Set(recipient.optedOut ?? []), ...(recipient.phone ? { phone: recipient.phone } : {}) }),
      putNotificationOnce: async (pk, message) => { if (!items.has(`${pk}|MESSAGE`)) items.set(`${pk}|MESSAGE`, message); },
      notificationRecord: async (pk) => ({
        message: items.get(`${pk}|MESSAGE`) as NotificationMessageItem | undefined,
        sends: [...items].filter(([k]) => k.startsWith(`${pk}|CHANNEL#`)).map(([, v]) => v as ChannelSendItem),
      }) as never,
      claimChannelSend: async (pk, channel, now) => {
        const key = `${pk}|CHANNEL#${channel}`;
        if (items.has(key)) return items.get(key) as ChannelSendItem;
        items.set(key, { channel, state: 'sending', at: now.toISOString() });
        return null;
      },
      setChannelSend: async (pk, channel, state, details, now) => { items.set(`${pk}|CHANNEL#${channel}`, { channel, state, ...details, at: now.toISOString() }); },
      releaseChannelSend: async (pk, channel) => { items.delete(`${pk}|CHANNEL#${channel}`); },
      putSentMessage: async (provider, messageId, item) => { items.set(`SENT#${provider}#${messageId}`, item); },
      sentMessage: async (provider, messageId) => items.get(`SENT#${provider}#${messageId}`) as SentMessageItem | undefined,
      takeDayCount: async (key, limit) => {
        const k = `${key.pk}|${key.sk}`;
        const n = counts.get(k) ?? 0;
        if (n >= limit) return false;
        counts.set(k, n + 1);
        return true;
      },
      giveBackDayCount: async (key) => { const k = `${key.pk}|${key.sk}`; counts.set(k, (counts.get(k) ?? 1) - 1); },
    },
    sms: {
      send: async ({ to, text }) => {
        if (options.smsFails) throw new SmsFailure('refused: 406 UserInBlacklist', 406, false);
        sent.push({ channel: 'sms', to, text });
        ids += 1;
        return { messageId: `ATXid_${ids}`, cost: 'KES 0.8000' };
      },
    },
    whatsapp: {
      sendTemplate: async ({ to, template, language }) => {
        if (options.whatsAppFails) throw new WhatsAppFailure('refused', 131026, false);
        sent.push({ channel: 'whatsapp', to, template, language });
        ids += 1;
        return { messageId: `wamid.${ids}` };
      },
    },
    email: async (email) => { sent.push({ channel: 'email', to: email.to, text: email.text }); },
    caps: { perUserPerDay: 20, platformPerDay: 20_000, whatsAppCostKes: 1, ...options.caps },
    now: () => new Date('2026-12-14T09:00:00.000Z'),
    shard: () => 0,
  };
  return { deps, sent, counts };
}

const reminder = (recipientId = 'u1', language: 'en' | 'sw' = 'en'): Notification<'lessonReminder'> => ({
  kind: 'lessonReminder', subjectId: 'b1#1h', recipient: { id: recipientId, language },
  values: { subject: 'Maths', otherName: 'Amina Otieno', scheduledAt: '2026-12-15T15:30:00.000Z', timeZone: 'Africa/Nairobi', lead: '1h' },
  email: { to: 'parent@example.com', subject: 'Your lesson starts in 1 hour', text: 'Hello' },
});
const PHONE = '254712345678';

/** The weekly report's summary: phone-only, its e-mail is sent by the job whatever happens here. */
const weekSummary = (): Notification<'weeklyReport'> => ({
  kind: 'weeklyReport', subjectId: 'l1#2026-W48', recipient: { id: 'u1', language: 'en' }, emailFallback: false,
  values: { learnerName: 'Amani', lessons: 2, subjects: ['Chemistry'], homeworkDue: 1, quizAveragePercent: 72, link: 'https://alp.example/weekly-reports/l1/2026-W48' },
});

describe('which channel', () => {
  it('defaults: reminders and confirmations by SMS, receipts and payouts by e-mail; e-mail without a verified number', () => {
    const withPhone = { preferences: {}, phone: PHONE, optedOut: new Set<PhoneChannel>() };
    expect(channelsToTry('lessonReminder', withPhone)).toEqual(['sms', 'email']);
    expect(channelsToTry('bookingConfirmation', withPhone)).toEqual(['sms', 'email']);
    expect(channelsToTry('paymentReceipt', withPhone)).toEqual(['email']);
    expect(channelsToTry('payoutFailed', withPhone)).toEqual(['email']);
    expect(channelsToTry('lessonReminder', { ...withPhone, phone: undefined })).toEqual(['email']);
  });

  it('falls back WhatsApp → SMS → e-mail, leaving out an opted-out channel', () => {
    const chose = { preferences: { lessonReminder: 'whatsapp' as const }, phone: PHONE };
    expect(channelsToTry('lessonReminder', { ...chose, optedOut: new Set() })).toEqual(['whatsapp', 'sms', 'email']);
    expect(channelsToTry('lessonReminder', { ...chose, optedOut: new Set(['sms'] as const) })).toEqual(['whatsapp', 'email']);
    expect(channelsAfter('whatsapp', { phone: PHONE, optedOut: new Set() })).toEqual(['sms', 'email']);
    expect(channelsAfter('sms', { phone: PHONE, optedOut: new Set() })).toEqual(['email']);
  });

  it('reads STOP replies in any case, with words after, and not other texts', () => {
    for (const text of ['STOP', 'stop', ' Stop please', '"STOP"', 'STOPALL', 'acha']) expect(isStopReply(text), text).toBe(true);
    for (const text of ['Thanks', 'stopwatch', 'please stop', '']) expect(isStopReply(text), text).toBe(false);
  });
});

describe('the router', () => {
  it('sends a reminder by SMS to the verified number in the saved language, once however often it is retried', async () => {
    const { deps, sent } = fake({ phone: PHONE });
    expect(await notify(reminder('u1', 'sw'), deps)).toBe('sms');
    expect(await notify(reminder('u1', 'sw'), deps)).toBe('sms');
    expect(sent).toEqual([{ channel: 'sms', to: PHONE, text: expect.stringContaining('Somo lako la Maths') }]);
  });

  it('a failed WhatsApp falls back to SMS, a failed SMS to e-mail; a retry sends nothing more', async () => {
    const whatsAppDown = fake({ phone: PHONE, preferences: { lessonReminder: 'whatsapp' } }, { whatsAppFails: true });
    expect(await notify(reminder(), whatsAppDown.deps)).toBe('sms');
    expect(whatsAppDown.sent.map((s) => s.channel)).toEqual(['sms']);

    const bothDown = fake({ phone: PHONE, preferences: { lessonReminder: 'whatsapp' } }, { whatsAppFails: true, smsFails: true });
    expect(await notify(reminder(), bothDown.deps)).toBe('email');
    expect(await notify(reminder(), bothDown.deps)).toBe('email');
    expect(bothDown.sent.map((s) => s.channel)).toEqual(['email']);
  });

  it('WhatsApp goes by template in the saved language', async () => {
    const { deps, sent } = fake({ phone: PHONE, preferences: { lessonReminder: 'whatsapp' } });
    await notify(reminder('u1', 'sw'), deps);
    expect(sent).toEqual([{ channel: 'whatsapp', to: PHONE, template: 'alp_lesson_reminder', language: 'sw' }]);
  });

  it('an opted-out channel is skipped for the next one', async () => {
    const { deps, sent } = fake({ phone: PHONE, optedOut: ['sms'] });
    expect(await notify(reminder(), deps)).toBe('email');
    expect(sent.map((s) => s.channel)).toEqual(['email']);
  });

  it('a delivery report that the SMS never arrived sends the e-mail, once', async () => {
    const { deps, sent } = fake({ phone: PHONE });
    await notify(reminder(), deps);
    expect(await fallBackAfterUndelivered('africastalking', 'ATXid_1', 'Failed', deps)).toBe('email');
    // A replayed report finds the e-mail sent: nothing more.
    expect(await fallBackAfterUndelivered('africastalking', 'ATXid_1', 'Failed', deps)).toBe('email');
    expect(sent.map((s) => s.channel)).toEqual(['sms', 'email']);
    expect(await fallBackAfterUndelivered('africastalking', 'ATXid_unknown', 'Failed', deps)).toBeUndefined();
  });

  it('past the user\'s daily cap, e-mail; another user still gets SMS', async () => {
    const { deps, sent } = fake({ phone: PHONE }, { caps: { perUserPerDay: 2, platformPerDay: 20_000 } });
    for (const lesson of ['b1', 'b2', 'b3']) await notify({ ...reminder(), subjectId: lesson }, deps);
    expect(sent.map((s) => s.channel)).toEqual(['sms', 'sms', 'email']);
    await notify(reminder('u2'), deps);
    expect(sent.at(-1)!.channel).toBe('sms');
  });

  it('past the platform\'s daily cap (all shards full), e-mail, and the user\'s count is given back', async () => {
    // 16 a day over 8 shards: 2 each.
    const { deps, sent, counts } = fake({ phone: PHONE }, { caps: { perUserPerDay: 100, platformPerDay: 16 } });
    for (let i = 0; i < 17; i += 1) await notify({ ...reminder(), subjectId: `b${i}` }, deps);
    expect(sent.filter((s) => s.channel === 'sms')).toHaveLength(16);
    expect(sent.at(-1)!.channel).toBe('email');
    expect(counts.get('MSGCAP#USER#u1|DAY#2026-12-14')).toBe(16);
  });
});

describe('a phone-only message (no e-mail fallback)', () => {
  it('leaves e-mail out of the channels: e-mail chosen (the default) or no number means none', () => {
    const withPhone = { preferences: {}, phone: PHONE, optedOut: new Set<PhoneChannel>() };
    expect(channelsToTry('weeklyReport', withPhone)).toEqual(['email']);
    expect(channelsToTry('weeklyReport', withPhone, { emailFallback: false })).toEqual([]);
    expect(channelsToTry('weeklyReport', { ...withPhone, preferences: { weeklyReport: 'whatsapp' } }, { emailFallback: false })).toEqual(['whatsapp', 'sms']);
    expect(channelsToTry('weeklyReport', { ...withPhone, preferences: { weeklyReport: 'sms' }, phone: undefined }, { emailFallback: false })).toEqual([]);
    expect(channelsAfter('sms', withPhone, { emailFallback: false })).toEqual([]);
  });

  it('by the default (e-mail) nothing is sent', async () => {
    const { deps, sent } = fake({ phone: PHONE });
    expect(await notify(weekSummary(), deps)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('SMS chosen: one SMS with the link however often it is retried', async () => {
    const { deps, sent } = fake({ phone: PHONE, preferences: { weeklyReport: 'sms' } });
    expect(await notify(weekSummary(), deps)).toBe('sms');
    expect(await notify(weekSummary(), deps)).toBe('sms');
    expect(sent).toEqual([{ channel: 'sms', to: PHONE, text: expect.stringContaining('https://alp.example/weekly-reports/l1/2026-W48') }]);
  });

  it('a failed SMS sends no e-mail; a failed WhatsApp still falls back to SMS', async () => {
    const smsDown = fake({ phone: PHONE, preferences: { weeklyReport: 'sms' } }, { smsFails: true });
    expect(await notify(weekSummary(), smsDown.deps)).toBeUndefined();
    expect(await notify(weekSummary(), smsDown.deps)).toBeUndefined();
    expect(smsDown.sent).toEqual([]);

    const whatsAppDown = fake({ phone: PHONE, preferences: { weeklyReport: 'whatsapp' } }, { whatsAppFails: true });
    expect(await notify(weekSummary(), whatsAppDown.deps)).toBe('sms');
    expect(whatsAppDown.sent.map((s) => s.channel)).toEqual(['sms']);
  });

  it('a delivery report that the SMS never arrived sends no e-mail; an undelivered WhatsApp goes on by SMS', async () => {
    const bySms = fake({ phone: PHONE, preferences: { weeklyReport: 'sms' } });
    await notify(weekSummary(), bySms.deps);
    expect(await fallBackAfterUndelivered('africastalking', 'ATXid_1', 'Failed', bySms.deps)).toBeUndefined();
    expect(bySms.sent.map((s) => s.channel)).toEqual(['sms']);

    const byWhatsApp = fake({ phone: PHONE, preferences: { weeklyReport: 'whatsapp' } });
    await notify(weekSummary(), byWhatsApp.deps);
    expect(await fallBackAfterUndelivered('whatsapp', 'wamid.1', 'failed', byWhatsApp.deps)).toBe('sms');
    expect(await fallBackAfterUndelivered('africastalking', 'ATXid_2', 'Failed', byWhatsApp.deps)).toBeUndefined();
    expect(byWhatsApp.sent.map((s) => s.channel)).toEqual(['whatsapp', 'sms']);
  });
});
