/** Messages of lesson packs: the profile's offers, buying, the checkout, My Bookings and the tutor's offers. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const usePacksText = defineText('packs', en, { sw: () => import('./i18n/sw.json') });
export type PacksText = ReturnType<typeof usePacksText>;
