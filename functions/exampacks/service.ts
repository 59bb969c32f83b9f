/**
 * Exam packs (/course-dashboard: three downloads): platform-made PDFs kept
 * private in S3, handed out through short-lived signed links; every link handed out counts as
 * a download (an atomic counter, so simultaneous downloads all count).
 */
import { NotFound } from '../shared/errors.js';
import { putPrivateObject, signedDownloadUrl } from '../uploads/storage.js';
import { EXAM_PACK_IDS, EXAM_PACK_LINK_SECONDS, EXAM_PACKS, examPackMessages, examPackStorageKey, type ExamPackDefinition } from './catalog.js';
import type { ExamPack, ExamPackDownload } from './contract.js';
import { countDownload, getExamPacks, saveExamPackFile } from './repository.js';

/** The packs whose files are stored, in the catalogue's order. */
export async function listExamPacks(): Promise<ExamPack[]> {
  const stored = new Map((await getExamPacks(EXAM_PACK_IDS)).map((p) => [p.id, p]));
  return EXAM_PACKS.flatMap((pack) => {
    const file = stored.get(pack.id);
    return file ? [{
      id: pack.id, title: pack.title, description: pack.description, fileName: file.fileName,
      sizeBytes: file.sizeBytes, downloads: file.downloads,
    }] : [];
  });
}

/** Counts the download, then signs a link that saves the file and expires in a minute. */
export async function downloadExamPack(packId: string): Promise<ExamPackDownload> {
  if (!EXAM_PACKS.some((p) => p.id === packId)) throw new NotFound(examPackMessages.notFound);
  const counted = await countDownload(packId);
  if (!counted) throw new NotFound(examPackMessages.notFound);
  return {
    url: await signedDownloadUrl(counted.storageKey, EXAM_PACK_LINK_SECONDS, counted.fileName, 'attachment'),
    fileName: counted.fileName, expiresIn: EXAM_PACK_LINK_SECONDS, downloads: counted.downloads,
  };
}

/**
 * Stores a pack's file and records its size (seed and deploy step: infra/scripts/publish-exam-packs.ts).
 * The object is written first: the pack is listed only once its file exists.
 */
export async function publishExamPack(pack: ExamPackDefinition, pdf: Uint8Array, now = new Date()): Promise<void> {
  const storageKey = examPackStorageKey(pack);
  await putPrivateObject(storageKey, pdf, 'application/pdf');
  await saveExamPackFile({ id: pack.id, fileName: pack.fileName, storageKey, sizeBytes: pdf.byteLength, updatedAt: now.toISOString() });
}
