import { POLL_ELSEWHERE_MS, useInboxState } from './conversations-api';

/** The caller's unread messages for the header (polled rarely; the conversations page polls often). Undefined while unknown or not polled. */
export function useInboxUnread(enabled: boolean): number | undefined {
  return useInboxState(enabled ? POLL_ELSEWHERE_MS : null).data?.unread;
}
