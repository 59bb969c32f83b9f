/** One piece of a lesson's timed work, as the lessons job sends it to the `lesson-work` queue. */
import * as z from 'zod';
import { LESSON_WORK_KINDS } from '../jobs/lesson-rules.js';

export const LessonWork = z.object({
  bookingId: z.string().min(1).max(100),
  kind: z.enum(LESSON_WORK_KINDS),
  /** The start the work was due for: a lesson moved since is left to the run that finds it at its new time. */
  scheduledAt: z.iso.datetime(),
  /** The run's scheduled time: the worker decides as of then, so a redelivery decides the same. */
  at: z.iso.datetime(),
});
export type LessonWork = z.infer<typeof LessonWork>;
