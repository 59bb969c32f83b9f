/**
 * Messages shared by every tutor page (badges, figures, the public header, levels): small, as
 * /browse-tutors loads it. Each page chunk has its own namespace beside it (browse/, profile/,
 * dashboard/), and subject names are in subjects/.
 */
import type { Level } from '@functions/tutors/catalog';
import { defineText } from '../../shared/i18n/text';
import en from './i18n/en.json';

export const useTutorsText = defineText('tutors', en, { sw: () => import('./i18n/sw.json') });
export type TutorsLookup = ReturnType<typeof useTutorsText>;

/** A level's name in the active language ("Primary" / "Shule ya msingi"). */
export const levelLabel = (t: TutorsLookup, level: Level): string => t(`level.${level}`);
