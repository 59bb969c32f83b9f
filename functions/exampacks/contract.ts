/** Exam packs contract (/course-dashboard downloads), shared by the API and the SPA. */
import * as z from 'zod';

export const ExamPack = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  /** The stored file's true size in bytes. */
  sizeBytes: z.number(),
  downloads: z.number(),
});
export type ExamPack = z.infer<typeof ExamPack>;

export const ExamPacksResponse = z.object({ packs: z.array(ExamPack) });
export type ExamPacksResponse = z.infer<typeof ExamPacksResponse>;

export const ExamPackParams = z.object({ packId: z.string().min(1).max(64) });

/** A short-lived signed link to the file, and the count including this download. */
export const ExamPackDownload = z.object({
  url: z.string(), fileName: z.string(), expiresIn: z.number(), downloads: z.number(),
});
export type ExamPackDownload = z.infer<typeof ExamPackDownload>;
