/**
 * Exam-pack items in the single table (docs/data-model.md "Exam packs"):
 *   exam pack  pk EXAMPACK#{packId}  sk EXAMPACK   the stored file's name, key and size, and the download count
 *   counted    pk EXAMPACK#{packId}  sk COUNTED#{yyyy-mm-dd}#{downloader}   expiresAt: one download counted per
 *              downloader (a hash of the client address) per day; removed by TTL after two days
 * The files are private objects in the uploads bucket (catalog.ts examPackStorageKey).
 * Pure: keys and the read schema.
 */
import * as z from 'zod';

export const examPackKey = (packId: string) => ({ pk: `EXAMPACK#${packId}`, sk: 'EXAMPACK' });
export const countedDownloadKey = (packId: string, day: string, downloader: string) =>
  ({ pk: `EXAMPACK#${packId}`, sk: `COUNTED#${day}#${downloader}` });

export const StoredExamPack = z.object({
  id: z.string(),
  fileName: z.string(),
  storageKey: z.string(),
  /** Bytes of the stored file, recorded with the same bytes that were written. */
  sizeBytes: z.number().int(),
  /** Links handed out (an atomic ADD per download). */
  downloads: z.number().int(),
  updatedAt: z.string(),
});
export type StoredExamPack = z.infer<typeof StoredExamPack>;
