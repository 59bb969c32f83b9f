/**
 * Names of the fixed subjects and specializations in the active language. The lists'
 * English names are the stored values, so they are the message keys too, and the English catalog
 * is made from the lists the entry already holds rather than shipped a second time to
 * /browse-tutors (i18n/en.json is the same map, for the catalog checks; subjects.test.ts keeps them equal).
 */
import { SPECIALIZATIONS, TUTOR_SUBJECTS } from '@functions/tutors/catalog';
import { defineText } from '../../../shared/i18n/text';

type Listed = (typeof TUTOR_SUBJECTS)[number] | (typeof SPECIALIZATIONS)[number];
const LISTED: readonly string[] = [...TUTOR_SUBJECTS, ...SPECIALIZATIONS];
// In Lingui's compiled form, as the build makes every catalog (frontend/i18n-plugin.ts): a plain
// name compiles to `[name]`. A raw string would make Lingui warn "Uncompiled message" on each lookup.
const english = Object.fromEntries(LISTED.map((name) => [name, [name]])) as Record<Listed, [string]>;

export const useSubjectsText = defineText('tutors-subjects', english, { sw: () => import('./i18n/sw.json') });

/** A subject or specialization's name to show: translated when it is on the fixed lists, else as stored (older data, a subject typed into the URL). */
export function useSubjectName(): (value: string) => string {
  const t = useSubjectsText();
  return (value) => (LISTED.includes(value) ? t(value as Listed) : value);
}
