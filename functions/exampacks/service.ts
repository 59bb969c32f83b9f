/**
 * Exam packs (/course-dashboard: three downloads): platform-made PDFs kept
 * private in S3, handed out through short-lived signed links; the first link a downloader gets
 * each day counts as a download (so the public counter cannot be inflated by repeating the call).
 */
import { createHash } from 'node:crypto';
import { NotFound } from '../shared/errors.js';
import { putPrivateObject, signedDownloadUrl } from '../uploads/storage.js';
import { EXAM_PACK_IDS, EXAM_PACK_LINK_SECONDS, EXAM_PACKS, examPackMessages, examPackStorageKey, type ExamPackDefinition } from './catalog.js';
import type { ExamPack, ExamPackDownload } from './contract.js';
import { countDownloadOnce, getExamPacks, saveExamPackFile } from './repository.js';

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

/**
 * Who downloads, as counted: a hash of the client address (the route is public, so there is no
 * account), never the address itself.
 */
export function downloaderOf(clientAddress: string): string {
  return createHash('sha256').update(clientAddress).digest('base64url').slice(0, 16);
}

/**
 * Counts the download once per downloader per day (a repeat gets a fresh link, uncounted), then
 * signs a link that saves the file and expires in a minute.
 */
export async function downloadExamPack(packId: string, clientAddress: string, now = new Date()): Promise<ExamPackDownload> {
  if (!EXAM_PACKS.some((p) => p.id === packId)) throw new NotFound(examPackMessages.notFound);
  const day = now.toISOString().slice(0, 10);
  const expiresAt = Math.floor(now.getTime() / 1000) + 2 * 86_400;
  const counted = await countDownloadOnce(packId, day, downloaderOf(clientAddress), expiresAt);
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
