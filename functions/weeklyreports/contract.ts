/** Weekly progress reports' contract, shared by the API and the SPA. */
import * as z from 'zod';
import { BoundedId } from '../shared/contract.js';

/** An ISO week of Nairobi's calendar, e.g. 2026-W48. */
export const IsoWeek = z.string().regex(/^\d{4}-W\d{2}$/, 'Give the week as 2026-W48');

export const WeeklyReport = z.object({
  week: z.string(),
  learnerId: z.string(),
  learnerName: z.string(),
  /** The week's Monday and Sunday (yyyy-mm-dd, Nairobi). */
  monday: z.string(),
  sunday: z.string(),
  /** Lessons held (completed), with their approved reports' topics. */
  lessons: z.array(z.object({
    bookingId: z.string(), subject: z.string(), scheduledAt: z.string(), durationMinutes: z.number(),
    topics: z.array(z.string()), tutorName: z.string().optional(),
  })),
  /** Homework due this week, from approved reports. */
  homework: z.array(z.object({ bookingId: z.string(), subject: z.string(), text: z.string(), dueDate: z.string() })),
  games: z.object({
    played: z.number().int(),
    /** Whole percent over the week's games; null when none. */
    averagePercent: z.number().nullable(),
    bySubject: z.array(z.object({ subject: z.string(), played: z.number().int(), averagePercent: z.number() })),
  }),
  /** Courses in progress, as they stand now. */
  courses: z.array(z.object({ courseId: z.string(), title: z.string(), percent: z.number() })),
  /** Next week's paid lessons. */
  nextWeek: z.array(z.object({
    bookingId: z.string(), subject: z.string(), scheduledAt: z.string(), durationMinutes: z.number(), tutorName: z.string().optional(),
  })),
});
export type WeeklyReport = z.infer<typeof WeeklyReport>;

export const WeeklyReportParams = z.object({ learnerId: BoundedId, week: IsoWeek });

export const WeeklyReportResponse = z.object({
  week: z.string(),
  previousWeek: z.string(),
  /** Null for the current week and later (nothing to read yet). */
  nextWeek: z.string().nullable(),
  monday: z.string(),
  sunday: z.string(),
  learner: z.object({ id: z.string(), firstName: z.string() }),
  /** Null when nothing happened that week. */
  report: WeeklyReport.nullable(),
});
export type WeeklyReportResponse = z.infer<typeof WeeklyReportResponse>;
