/**
 * Profile photo pipeline against the emulator: ticket rules, a real presigned POST, the server's
 * re-checks of the uploaded object (size, real type), publishing under /public/* and ownership.
 * The emulator does not enforce POST policies, so oversized objects are put with the SDK.
 */
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, stack, type TestUser } from '../support/api.js';
import { exists, postUpload, type Ticket } from '../support/uploads.js';

/** A valid 1×1 transparent PNG. */
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
  0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00,
  0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae,
  0x42, 0x60, 0x82,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
/** The start of a Windows executable ("MZ" header), dressed up as a PNG. */
const EXECUTABLE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00]);
const TEN_MB = 10 * 1024 * 1024;


let s3: S3Client;
let owner: TestUser;

beforeAll(async () => {
  const { resources } = stack();
  s3 = new S3Client({
    endpoint: resources.endpoint, region: resources.region, forcePathStyle: true,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  owner = await createUser('tutor');
});

const ticketFor = (user: TestUser, file: { fileName: string; contentType: string; size: number }) =>
  api<Ticket & { error?: { message: string } }>('/api/me/profile-photo/upload', { method: 'POST', token: user.accessToken, body: file });

const setPhoto = (user: TestUser, key: string) =>
  api<{ profile: { profilePhotoUrl?: string }; error?: { message: string } }>('/api/me/profile-photo', {
    method: 'POST', token: user.accessToken, body: { key },
  });

describe('profile photo upload tickets', () => {
  it('needs a signed-in user', async () => {
    const res = await api('/api/me/profile-photo/upload', { method: 'POST', body: { fileName: 'me.png', contentType: 'image/png', size: 10 } });
    expect(res.status).toBe(401);
  });

  it('refuses a type that is not a photo, with the spec text', async () => {
    const res = await ticketFor(owner, { fileName: 'cv.pdf', contentType: 'application/pdf', size: 2048 });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('That file type can\'t be used here. Choose a JPG, PNG or WebP file.');
  });

  it('refuses more than 10 MB', async () => {
    const res = await ticketFor(owner, { fileName: 'big.jpg', contentType: 'image/jpeg', size: TEN_MB + 1 });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('File size must be less than 10MB');
  });

  it('refuses blocked extensions, double ones included', async () => {
    for (const fileName of ['photo.exe.png', 'setup.EXE', 'run.bat']) {
      const res = await ticketFor(owner, { fileName, contentType: 'image/png', size: 100 });
      expect(res.status, fileName).toBe(400);
      expect(res.body.error?.message, fileName).toBe('File type not allowed for security reasons');
    }
  });

  it('gives a presigned POST for a sanitised key under the user\'s own staging prefix', async () => {
    const res = await ticketFor(owner, { fileName: 'My Photo (1).PNG', contentType: 'image/png', size: PNG.length });
    expect(res.status).toBe(201);
    const ticket = res.body;
    expect(ticket.key).toMatch(new RegExp(`^staging/profile-photo/${owner.userId}/\\d{13}_My-Photo-1\\.png$`));
    expect(ticket).toMatchObject({ expiresIn: 600, maxBytes: TEN_MB });
    expect(ticket.fields).toMatchObject({ key: ticket.key, 'Content-Type': 'image/png' });
    expect(ticket.fields.Policy).toEqual(expect.any(String));
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(expect.arrayContaining([
      ['content-length-range', 1, TEN_MB],
      ['eq', '$Content-Type', 'image/png'],
      { key: ticket.key },
      { bucket: stack().resources.uploadsBucket },
    ]));
    const ttl = (Date.parse(policy.expiration) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(590);
    expect(ttl).toBeLessThanOrEqual(600);
  });
});

describe('registering an uploaded photo', () => {
  it('uploads with the presigned POST, publishes the photo and serves it from /public/*', async () => {
    const user = await createUser('tutor');
    const ticket = (await ticketFor(user, { fileName: 'portrait.png', contentType: 'image/png', size: PNG.length })).body;
    const upload = await postUpload(ticket, PNG, 'image/png');
    expect(upload.status).toBe(204);
    const staged = await s3.send(new HeadObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: ticket.key }));
    expect(staged.ContentType, 'the declared type is stored with the upload').toBe('image/png');

    const res = await setPhoto(user, ticket.key);
    expect(res.status).toBe(200);
    const url = res.body.profile.profilePhotoUrl!;
    expect(url).toMatch(new RegExp(`^/public/profile-photos/${user.userId}/\\d{13}_portrait\\.png$`));
    expect(await exists(ticket.key), 'staging copy removed').toBe(false);

    const me = await api<{ profile: { profilePhotoUrl?: string } }>('/api/me', { token: user.accessToken });
    expect(me.body.profile.profilePhotoUrl).toBe(url);

    const served = await fetch(`${stack().url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);

    // A new photo replaces the old one, whose public object is deleted.
    const second = (await ticketFor(user, { fileName: 'new.jpg', contentType: 'image/jpeg', size: JPEG.length })).body;
    expect((await postUpload(second, JPEG, 'image/jpeg')).status).toBe(204);
    const replaced = await setPhoto(user, second.key);
    expect(replaced.status).toBe(200);
    const newUrl = replaced.body.profile.profilePhotoUrl!;
    expect(newUrl).not.toBe(url);
    expect(await exists(url.slice(1)), 'old photo deleted').toBe(false);
    expect((await fetch(`${stack().url}${url}`)).status).toBe(404);
    const newServed = await fetch(`${stack().url}${newUrl}`);
    expect(newServed.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a disguised executable after upload and deletes it', async () => {
    const ticket = (await ticketFor(owner, { fileName: 'cute-cat.png', contentType: 'image/png', size: EXECUTABLE.length })).body;
    expect((await postUpload(ticket, EXECUTABLE, 'image/png')).status).toBe(204);
    const res = await setPhoto(owner, ticket.key);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('File type not allowed for security reasons');
    expect(await exists(ticket.key)).toBe(false);
    const me = await api<{ profile: { profilePhotoUrl?: string } }>('/api/me', { token: owner.accessToken });
    expect(me.body.profile.profilePhotoUrl).toBeUndefined();
  });

  it('refuses an object over 10 MB (the policy limit, re-checked) and deletes it', async () => {
    const ticket = (await ticketFor(owner, { fileName: 'huge.png', contentType: 'image/png', size: 1000 })).body;
    const body = new Uint8Array(TEN_MB + 1);
    body.set(PNG);
    // Straight to the bucket: the emulator does not enforce POST policies (AWS would refuse it).
    await s3.send(new PutObjectCommand({ Bucket: stack().resources.uploadsBucket, Key: ticket.key, Body: body, ContentType: 'image/png' }));
    const res = await setPhoto(owner, ticket.key);
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('File size must be less than 10MB');
    expect(await exists(ticket.key)).toBe(false);
  });

  it('refuses another user\'s upload (403) and leaves it alone', async () => {
    const other = await createUser('student');
    const ticket = (await ticketFor(other, { fileName: 'mine.png', contentType: 'image/png', size: PNG.length })).body;
    expect((await postUpload(ticket, PNG, 'image/png')).status).toBe(204);
    const res = await setPhoto(owner, ticket.key);
    expect(res.status).toBe(403);
    expect(await exists(ticket.key)).toBe(true);
    // The uploader can still use it (students have photos too).
    expect((await setPhoto(other, ticket.key)).status).toBe(200);
  });

  it('refuses keys outside the staging area and a missing upload', async () => {
    for (const key of [
      `public/profile-photos/${owner.userId}/1_x.png`,
      `staging/kyc-document/${owner.userId}/1_x.png`,
      `staging/profile-photo/${owner.userId}/../other/1_x.png`,
    ]) {
      expect((await setPhoto(owner, key)).status, key).toBe(403);
    }
    const missing = await setPhoto(owner, `staging/profile-photo/${owner.userId}/1_never-uploaded.png`);
    expect(missing.status).toBe(404);
    expect(missing.body.error?.message).toBe('Uploaded file not found. Please upload the photo again.');
  });

  it('never serves anything outside public/ from the app origin', async () => {
    const ticket = (await ticketFor(owner, { fileName: 'private.png', contentType: 'image/png', size: PNG.length })).body;
    expect((await postUpload(ticket, PNG, 'image/png')).status).toBe(204);
    const base = stack().url;
    expect((await fetch(`${base}/${ticket.key}`)).status).toBe(404);
    expect((await fetch(`${base}/public/..%2F${ticket.key}`)).status).toBe(404);
    expect((await fetch(`${base}/public/%2E%2E/${ticket.key}`)).status).toBe(404);
    expect((await fetch(`${base}/public/profile-photos/nobody/1_none.png`)).status).toBe(404);
  });
});
