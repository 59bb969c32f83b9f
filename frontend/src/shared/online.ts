/**
 * The connection as TanStack Query's online manager sees it (the browser's online/offline events):
 * the same signal that pauses queries drives the offline banner, the held form submits and the
 * retry of route chunks, so they never disagree.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/** Calls `callback` each time the connection comes back; returns the unsubscribe. */
export function onReconnect(callback: () => void): () => void {
  return onlineManager.subscribe((online) => {
    if (online) callback();
  });
}

/** The manager assumes "online" until an event says otherwise; an app opened offline starts offline. */
export function startOnlineState(): void {
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false);
}
