/** What other features and the app may use of conversations: the header's unread count, the tutor profile's and the bookings' Message buttons. */
export { MessageBookingButton, MessageTutorButton } from './MessageTutorButton';
export { useInboxUnread } from './useInboxUnread';
export { conversationKeys } from './keys';
