/**
 * Exam packs against the emulators over HTTP: the seeded PDFs are listed with their true size;
 * a download answers a signed link that expires after 60 s and counts once per downloader (client
 * address) per day, even when many arrive at once.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { EXAM_PACK_LINK_SECONDS, EXAM_PACKS, examPackMessages } from '../../functions/exampacks/catalog.js';
import { randomUUID } from 'node:crypto';
import type { ExamPackDownload } from '../../functions/exampacks/contract.js';
import { api, baseUrl, callApi, expectOk, stack } from '../support/api.js';
import { s3 } from '../support/uploads.js';

const [pack] = EXAM_PACKS;

/**
 * A download from an address of its own (x-alp-client-ip, the viewer address CloudFront would
 * see), so 127.0.0.1, the browser tests' address, is still uncounted today.
 */
const downloadFrom = (packId: string, address = `192.0.2.200-${randomUUID().slice(0, 8)}`) =>
  api<ExamPackDownload>(`/api/exam-packs/${packId}/download`, { method: 'POST', headers: { 'x-alp-client-ip': address } });

const amzDate = (value: string) => new Date(value.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));

/** The same GET presigned with the emulator's credentials at the link's own time, valid `expiresIn` seconds. */
async function presignedAgain(url: URL, key: string, expiresIn: number): Promise<string> {
  return getSignedUrl(s3(), new GetObjectCommand({
    Bucket: stack().resources.uploadsBucket, Key: key, ResponseContentDisposition: url.searchParams.get('response-content-disposition')!,
  }), { expiresIn, signingDate: amzDate(url.searchParams.get('X-Amz-Date')!) });
}

describe('exam packs', () => {
  it('lists the three packs with the true size of their stored PDF', async () => {
    const { packs } = await expectOk(callApi('listExamPacks', {}), 'list');
    expect(packs.map((p) => p.id)).toEqual(EXAM_PACKS.map((p) => p.id));
    const { url, fileName } = (await downloadFrom(pack.id)).body;
    const file = new Uint8Array(await (await fetch(url)).arrayBuffer());
    expect(fileName).toBe(pack.fileName);
    expect(packs[0]!.sizeBytes).toBe(file.byteLength);
    expect(Buffer.from(file.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('hands out a signed link that expires after 60 s and saves the file; the object is private', async () => {
    const download = (await downloadFrom(pack.id)).body;
    expect(download.expiresIn).toBe(EXAM_PACK_LINK_SECONDS);
    const url = new URL(download.url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    const key = decodeURIComponent(url.pathname).split('/').slice(2).join('/');
    expect(Date.now() - amzDate(url.searchParams.get('X-Amz-Date')!).getTime()).toBeLessThan(60_000);
    // The signature covers the 60 s (S3 refuses the link after them; the emulator does not check time):
    // the same request signed for 60 s is this very link, signed for longer it is another.
    expect(await presignedAgain(url, key, 60)).toBe(download.url);
    expect(await presignedAgain(url, key, 3600)).not.toBe(download.url);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${pack.fileName}"`);
    // Kept outside public/: the app origin does not serve it.
    expect(key).toMatch(/^exam-packs\//);
    expect((await fetch(`${baseUrl()}/public/../${key}`)).status).toBe(404);
  });

  it('counts one download per downloader per day, also when they arrive together; a repeat gets a link but no count', async () => {
    const packId = EXAM_PACKS[1].id;
    const from = (address: string) => downloadFrom(packId, address);
    const downloadsNow = async () => (await expectOk(callApi('listExamPacks', {}), 'list')).packs.find((p) => p.id === packId)!.downloads;
    const run = randomUUID().slice(0, 8);
    const before = await downloadsNow();
    const five = await Promise.all(Array.from({ length: 5 }, (_, i) => from(`192.0.2.${i + 1}-${run}`)));
    const counts = five.map((d) => d.body.downloads);
    // Each answer saw its own increment (other tests may download meanwhile, so counts are at least these).
    expect(new Set(counts).size).toBe(5);
    expect(Math.min(...counts)).toBeGreaterThan(before);
    const afterFive = await downloadsNow();
    expect(afterFive).toBeGreaterThanOrEqual(before + 5);

    // The same five again, twice, at once: fresh links, nothing counted.
    const repeats = await Promise.all(Array.from({ length: 10 }, (_, i) => from(`192.0.2.${(i % 5) + 1}-${run}`)));
    for (const repeat of repeats) {
      expect(repeat.status).toBe(200);
      expect(repeat.body.url).toMatch(/^http/);
    }
    // The browser tests' downloads come from 127.0.0.1 (one downloader, counted once today at most).
    expect(await downloadsNow()).toBeLessThanOrEqual(afterFive + 1);
  });

  it('answers 404 for an unknown pack', async () => {
    const res = await callApi('downloadExamPack', { params: { packId: 'no-such-pack' } });
    expect(res.status).toBe(404);
    expect(res.error?.message).toBe(examPackMessages.notFound);
  });
});
