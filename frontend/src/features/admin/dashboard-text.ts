/** Messages of /admin-dashboard's tabs and dialogs (namespace `admin-dashboard`; shared ones in text.ts). */
import { defineText } from '../../shared/i18n/text';
import en from './i18n/dashboard.en.json';

export const useDashboardText = defineText('admin-dashboard', en, { sw: () => import('./i18n/dashboard.sw.json') });
export type DashboardMessage = Parameters<ReturnType<typeof useDashboardText>>[0];
