import { describe, expect, it } from 'vitest';
import { HIDDEN, maskContactDetails, median, medianReplyMs, previewOf, replyWithinHours, withSample } from './rules.js';

const hidden = (text: string) => maskContactDetails(text).text;

describe('hiding contact details', () => {
  it.each([
    ['Call me on 0712345678', `Call me on ${HIDDEN}`],
    ['0712 345 678 any time', `${HIDDEN} any time`],
    ['my number is 0712-345-678.', `my number is ${HIDDEN}.`],
    ['07 12 34 56 78', HIDDEN],
    ['landline 0110 123 456', `landline ${HIDDEN}`],
    ['+254712345678', HIDDEN],
    ['+254 712 345 678', HIDDEN],
    ['254712345678 (WhatsApp)', `${HIDDEN} (WhatsApp)`],
    ['+254-110-123-456', HIDDEN],
    ['in the UK +44 20 7946 0958', `in the UK ${HIDDEN}`],
    ['mail mama.zawadi@gmail.com please', `mail ${HIDDEN} please`],
    ['write to j.otieno+tutor@school.co.ke', `write to ${HIDDEN}`],
    ['chat on wa.me/254712345678', `chat on ${HIDDEN}`],
    ['https://wa.me/254712345678?text=hi', HIDDEN],
    ['t.me/mwalimu_juma or https://chat.whatsapp.com/AbC123', `${HIDDEN} or ${HIDDEN}`],
    ['Pay to till 123456', `Pay to till ${HIDDEN}`],
    ['Paybill no. 400200 account 55', `Paybill no. ${HIDDEN} account 55`],
    ['pay bill: 522 522', `pay bill: ${HIDDEN}`],
    ['Tumia namba ya till 98765', `Tumia namba ya till ${HIDDEN}`],
    ['Buy goods 987654', `Buy goods ${HIDDEN}`],
  ])('hides %j', (text, expected) => {
    expect(maskContactDetails(text)).toEqual({ text: expected, masked: true });
  });

  it.each([
    'The lesson is KSh 2,500 an hour',
    'KSh 2500 for two lessons, KSh 1,200 for one',
    'Can we meet at 17:00 or 18:30?',
    'She sits KCSE in 2026, Form 4 now',
    'Chapter 12, pages 120-135',
    'Revise questions 1 to 10 from the 2019 and 2020 papers',
    'Score 78/100, up from 65',
    'Email me through the platform please',
    'Tuonane saa 2 usiku',
  ])('leaves %j as it is', (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it('hides a number next to a price without hiding the price', () => {
    expect(hidden('KSh 2500 0712345678')).toBe(`KSh 2500 ${HIDDEN}`);
  });
});

describe('a preview', () => {
  it('is the text on one line, cut at 80 characters', () => {
    expect(previewOf('Hello\n\nthere')).toBe('Hello there');
    expect(previewOf('x'.repeat(100))).toHaveLength(80);
  });
});

describe('response time', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000).toISOString();

  it('is the median of the samples', () => {
    expect(median([])).toBeUndefined();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2, 3, 10])).toBe(3);
  });

  it('counts only the last 30 days and keeps the list bounded', () => {
    const old = { at: daysAgo(31), ms: 10 * 3_600_000 };
    const recent = [{ at: daysAgo(1), ms: 3_600_000 }, { at: daysAgo(2), ms: 2 * 3_600_000 }];
    expect(medianReplyMs([old, ...recent], now)).toBe(1.5 * 3_600_000);
    expect(medianReplyMs([old], now)).toBeUndefined();
    expect(withSample([old], recent[0]!, now)).toEqual([recent[0]]);
    let samples: ReturnType<typeof withSample> = [];
    for (let i = 0; i < 250; i++) samples = withSample(samples, { at: daysAgo(1), ms: i }, now);
    expect(samples).toHaveLength(200);
    expect(samples.at(-1)?.ms).toBe(249);
  });

  it('is promised in whole hours, rounded up', () => {
    expect(replyWithinHours(5 * 60_000)).toBe(1);
    expect(replyWithinHours(61 * 60_000)).toBe(2);
  });
});
