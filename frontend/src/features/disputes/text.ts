/** Messages of disputes: the student's report of a problem with a lesson, and the super admin's decisions. */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useDisputesText = defineText('disputes', en, { sw: () => import('./i18n/sw.json') });
