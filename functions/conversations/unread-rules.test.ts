import { describe, expect, it } from 'vitest';
import { dueMinutesToRead, quoteOf, stillUnread, unreadDueMinute, unreadHour } from './unread-rules.js';

describe('unread message rules', () => {
  it('a message is due on the first whole minute at least 10 minutes after it was sent', () => {
    expect(unreadDueMinute('2026-11-28T10:00:00.000Z')).toBe('2026-11-28T10:10');
    expect(unreadDueMinute('2026-11-28T10:00:00.001Z')).toBe('2026-11-28T10:11');
    expect(unreadDueMinute('2026-11-28T23:55:30.000Z')).toBe('2026-11-29T00:06');
  });

  it('messages due in the same hour share one e-mail; the next hour gets another', () => {
    expect(unreadHour('2026-11-28T10:11')).toBe(unreadHour('2026-11-28T10:59'));
    expect(unreadHour('2026-11-28T11:00')).not.toBe(unreadHour('2026-11-28T10:59'));
  });

  it('a run reads the minutes since the last one, its own included, at most 60', () => {
    const now = new Date('2026-11-28T10:05:00.000Z');
    expect(dueMinutesToRead(undefined, now)).toEqual(['2026-11-28T10:05']);
    expect(dueMinutesToRead(new Date('2026-11-28T10:02:00.000Z'), now)).toEqual(['2026-11-28T10:03', '2026-11-28T10:04', '2026-11-28T10:05']);
    expect(dueMinutesToRead(now, now)).toEqual([]);
    const long = dueMinutesToRead(new Date('2026-11-27T10:00:00.000Z'), now);
    expect(long).toHaveLength(60);
    expect(long.at(-1)).toBe('2026-11-28T10:05');
  });

  it('unread until the recipient has read the conversation after the message', () => {
    const sentAt = '2026-11-28T10:00:00.000Z';
    expect(stillUnread(sentAt, { unread: 1 })).toBe(true);
    expect(stillUnread(sentAt, { unread: 1, lastReadAt: '2026-11-28T09:00:00.000Z' })).toBe(true);
    expect(stillUnread(sentAt, { unread: 0, lastReadAt: '2026-11-28T10:03:00.000Z' })).toBe(false);
    // Read, then a later message arrived: this one was read.
    expect(stillUnread(sentAt, { unread: 1, lastReadAt: '2026-11-28T10:03:00.000Z' })).toBe(false);
    expect(stillUnread(sentAt, null)).toBe(false);
  });

  it('the e-mail quotes one line of at most 100 characters', () => {
    expect(quoteOf('Hello\n  there')).toBe('Hello there');
    const quoted = quoteOf('x'.repeat(300));
    expect(quoted).toHaveLength(100);
    expect(quoted.endsWith('…')).toBe(true);
  });
});
