/**
 * The report form's values and what they are sent as: the shared contract (SaveReportRequest)
 * checks the form as the API will, so a message here is the one the server would send. Also the
 * topic suggestions per subject and the report's state for the booking cards.
 */
import { type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod';
import { SaveReportRequest, type PERFORMANCE_LEVELS, type TutorReport, type TutorReportFields } from '@functions/reports/contract';
import type en from './i18n/en.json';

type PerformanceLevel = (typeof PERFORMANCE_LEVELS)[number];
type ReportFields = z.infer<typeof TutorReportFields>;

/** The form as typed: empty strings for what is not filled in (a radio starts unchosen). */
export interface ReportFormValues {
  topics: string[];
  performance: PerformanceLevel | '';
  homework: { text: string; dueDate: string };
  nextSteps: string;
  privateNote: string;
}

export type ReportBody = Omit<z.output<typeof SaveReportRequest>, 'revision'>;

export const valuesOf = (fields: ReportFields | undefined): ReportFormValues => ({
  topics: fields?.topics ?? [],
  performance: fields?.performance ?? '',
  homework: { text: fields?.homework?.text ?? '', dueDate: fields?.homework?.dueDate ?? '' },
  nextSteps: fields?.nextSteps ?? '',
  privateNote: fields?.privateNote ?? '',
});

/** What is sent: a field left empty is left out (the API keeps only what the tutor wrote). */
export function bodyOf(values: ReportFormValues): Omit<SaveReportRequest, 'revision'> {
  const homework = values.homework.text.trim();
  return {
    topics: values.topics,
    ...(values.performance ? { performance: values.performance } : {}),
    ...(homework ? { homework: { text: homework, ...(values.homework.dueDate ? { dueDate: values.homework.dueDate } : {}) } } : {}),
    ...(values.nextSteps.trim() ? { nextSteps: values.nextSteps } : {}),
    ...(values.privateNote.trim() ? { privateNote: values.privateNote } : {}),
  };
}

const ReportForm = z.custom<ReportFormValues>().transform(bodyOf).pipe(SaveReportRequest.omit({ revision: true }));
export const reportResolver = zodResolver(ReportForm) as unknown as Resolver<ReportFormValues, unknown, ReportBody>;

/** Where the report stands, for the booking cards and the form's heading. */
export type ReportState = 'none' | 'draft' | 'sent' | 'changed';
export function reportState(report: TutorReport | null): ReportState {
  if (!report) return 'none';
  if (!report.approved) return 'draft';
  return report.approved.revision === report.revision ? 'sent' : 'changed';
}

type TopicKey = Extract<keyof typeof en, `topic.${string}`>;

/** A few usual topics per subject, to tap instead of type; any subject gets the general ones. */
const SUBJECT_TOPICS: Partial<Record<string, TopicKey[]>> = {
  Mathematics: ['topic.fractions', 'topic.algebra', 'topic.geometry', 'topic.equations'],
  'Further Mathematics': ['topic.algebra', 'topic.equations', 'topic.geometry'],
  English: ['topic.grammar', 'topic.comprehension', 'topic.composition', 'topic.vocabulary'],
  Kiswahili: ['topic.sarufi', 'topic.insha', 'topic.fasihi', 'topic.ufahamu'],
  Physics: ['topic.forces', 'topic.electricity', 'topic.waves', 'topic.energy'],
  Chemistry: ['topic.atoms', 'topic.bonding', 'topic.acids', 'topic.moles'],
  Biology: ['topic.cells', 'topic.genetics', 'topic.ecology', 'topic.nutrition'],
};
const GENERAL_TOPICS: TopicKey[] = ['topic.revision', 'topic.pastPapers', 'topic.homeworkHelp'];

export const topicSuggestions = (subject: string): TopicKey[] => [...(SUBJECT_TOPICS[subject] ?? []), ...GENERAL_TOPICS];
