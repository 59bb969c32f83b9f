import { useEffect } from 'react';
import { useInboxUnread } from './useInboxUnread';

/**
 * Keeps the header's unread count for a signed-in family or tutor. Loaded lazily by the app's
 * layout, so a signed-out visitor's first load carries none of the conversations client.
 */
export default function InboxUnreadWatcher({ onUnread }: { onUnread: (unread: number | undefined) => void }) {
  const unread = useInboxUnread(true);
  useEffect(() => onUnread(unread), [unread, onUnread]);
  return null;
}
