/** Messages of conversations: the conversations page, the header's unread count and the profile's Message button. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useConversationsText = defineText('conversations', en, { sw: () => import('./i18n/sw.json') });
