/**
 * When a message nobody read is sent on to its recipient (e-mail, SMS or WhatsApp): 10 minutes after it was sent, at most once per
 * conversation, recipient and hour (pure; unread-service.ts acts on it).
 */
export const UNREAD_AFTER_MS = 10 * 60_000;
const MINUTE_MS = 60_000;
/** The most minutes one run reads back: a job stopped longer than this leaves older items to their TTL. */
export const MAX_MINUTES_PER_RUN = 60;
/** What the notice quotes of the message (an SMS may shorten it further). */
export const QUOTE_CHARS = 100;

const minuteOf = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** The minute (yyyy-mm-ddThh:mm, UTC) whose run first finds the message 10 whole minutes old. */
export const unreadDueMinute = (sentAt: string): string => minuteOf(Math.ceil((Date.parse(sentAt) + UNREAD_AFTER_MS) / MINUTE_MS) * MINUTE_MS);

/** The hour (yyyy-mm-ddThh) the notice belongs to: one per conversation and recipient in it. */
export const unreadHour = (dueMinute: string): string => dueMinute.slice(0, 13);

/**
 * The minutes a run at `now` reads: each whole minute after the last run's up to `now`'s own
 * (the last 60 at most; the current minute only on the first run).
 */
export function dueMinutesToRead(doneUntil: Date | undefined, now: Date): string[] {
  const last = Math.floor(now.getTime() / MINUTE_MS);
  const first = doneUntil ? Math.max(Math.floor(doneUntil.getTime() / MINUTE_MS) + 1, last - MAX_MINUTES_PER_RUN + 1) : last;
  const minutes: string[] = [];
  for (let m = first; m <= last; m++) minutes.push(minuteOf(m * MINUTE_MS));
  return minutes;
}

/** Still unread: the recipient's side has not been read since the message was sent. */
export const stillUnread = (sentAt: string, side: { unread: number; lastReadAt?: string } | null): boolean =>
  side !== null && side.unread > 0 && !(side.lastReadAt !== undefined && side.lastReadAt >= sentAt);

/** The message as the e-mail quotes it: one line, cut at QUOTE_CHARS with an ellipsis. */
export function quoteOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= QUOTE_CHARS ? line : `${line.slice(0, QUOTE_CHARS - 1).trimEnd()}…`;
}

/** The page that opens a conversation's thread: what an unread-message notice links to. */
export const threadLink = (conversationId: string, appOrigin: string) => `${appOrigin}/messages?c=${encodeURIComponent(conversationId)}`;
