/** What other features and the app may use of conversations: the header's unread count and the tutor profile's Message button. */
export { MessageTutorButton } from './MessageTutorButton';
export { useInboxUnread } from './useInboxUnread';
export { conversationKeys } from './keys';
