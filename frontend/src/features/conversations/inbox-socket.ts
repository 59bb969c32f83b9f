/**
 * The conversations WebSocket (functions/conversations/socket-routes.ts): one socket per tab,
 * shared by the header's count and the conversations page, carrying the caller's inbox state
 * ({ version, unread }) whenever a message is stored. While it is open the inbox is not polled;
 * when it cannot connect (no socketUrl, a proxy, a bad network) or drops, the page polls with
 * If-None-Match as before and the socket is tried again, waiting longer each time (1 s, 2 s,
 * 4 s … 60 s). Messages are stored before they are pushed and a push only says "read again",
 * so a dropped socket loses nothing and a late one duplicates nothing.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { InboxState } from '@functions/conversations/contract';
import { currentAccessToken } from '../../shared/api';
import { loadRuntimeConfig } from '../../shared/runtime-config';

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;
/** API Gateway closes a socket idle for 10 minutes: a ping now and then keeps it. */
const KEEP_ALIVE_MS = 5 * 60_000;

type Listener = (state: InboxState) => void;

const listeners = new Set<Listener>();
const watchers = new Set<() => void>();
let users = 0;
let socket: WebSocket | undefined;
let live = false;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let keepAlive: ReturnType<typeof setInterval> | undefined;

function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const watch of watchers) watch();
}

function isInboxFrame(value: unknown): value is InboxState & { type: 'inbox' } {
  const v = value as Partial<InboxState> & { type?: unknown } | null;
  return !!v && v.type === 'inbox' && typeof v.version === 'number' && typeof v.unread === 'number';
}

function scheduleRetry() {
  if (users === 0 || retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void open();
  }, retryMs * (0.8 + Math.random() * 0.4));
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}

async function open() {
  if (users === 0 || socket) return;
  let url: string | undefined;
  let token: string | undefined;
  try {
    [url, token] = await Promise.all([loadRuntimeConfig().then((c) => c.socketUrl), currentAccessToken()]);
  } catch {
    url = undefined;
  }
  if (!url) return;
  if (!token || users === 0 || socket) return scheduleRetry();
  const ws = new WebSocket(`${url}?token=${encodeURIComponent(token)}`);
  socket = ws;
  ws.onopen = () => {
    retryMs = FIRST_RETRY_MS;
    keepAlive = setInterval(() => ws.send('{"type":"ping"}'), KEEP_ALIVE_MS);
    setLive(true);
  };
  ws.onmessage = (message) => {
    let frame: unknown;
    try {
      frame = JSON.parse(String(message.data));
    } catch {
      return;
    }
    if (isInboxFrame(frame)) for (const listener of listeners) listener({ version: frame.version, unread: frame.unread });
  };
  ws.onclose = () => {
    if (socket === ws) socket = undefined;
    clearInterval(keepAlive);
    setLive(false);
    scheduleRetry();
  };
}

function close() {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  const ws = socket;
  socket = undefined;
  ws?.close();
  setLive(false);
}

/**
 * Keeps the tab's socket open while `enabled` (signed in as a student, parent or tutor) and hands
 * each pushed inbox state to `onState`. True while the socket is open (polling may stop).
 */
export function useInboxSocket(enabled: boolean, onState: Listener): boolean {
  useEffect(() => {
    if (!enabled) return;
    listeners.add(onState);
    users += 1;
    void open();
    return () => {
      listeners.delete(onState);
      users -= 1;
      if (users === 0) close();
    };
  }, [enabled, onState]);
  const isLive = useSyncExternalStore((watch) => {
    watchers.add(watch);
    return () => watchers.delete(watch);
  }, () => live, () => false);
  return enabled && isLive;
}
