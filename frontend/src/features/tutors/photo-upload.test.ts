import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRegisteredCatalogs } from '../../shared/i18n/text';
import { MAX_UPLOAD_BYTES } from '@functions/uploads/catalog';
import { centredSquare, PHOTO_ACCEPT, photoProblem, renamedFor, s3UploadError } from './photo-upload';

describe('profile photo pre-check', () => {
  it('accepts JPEG, PNG and WebP up to 10 MB, and the input offers only those', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(photoProblem({ name: 'me.img', type, size: MAX_UPLOAD_BYTES })).toBeNull();
      expect(PHOTO_ACCEPT).toContain(type);
    }
    expect(PHOTO_ACCEPT).not.toMatch(/pdf|gif/);
  });

  it('refuses other types, big files and dangerous extensions with the spec texts', () => {
    expect(photoProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('That file type can\'t be used here. Choose a JPG, PNG or WebP file.');
    expect(photoProblem({ name: 'me.png', type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toBe('File size must be less than 10MB');
    expect(photoProblem({ name: 'photo.exe.png', type: 'image/png', size: 10 })).toBe('File type not allowed for security reasons');
  });

  it('reads S3 error replies', () => {
    const xml = (code: string, message: string) => `<?xml version="1.0"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    expect(s3UploadError(400, xml('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'))).toBe('File size must be less than 10MB');
    expect(s3UploadError(403, xml('AccessDenied', 'Invalid according to Policy: Policy expired.'))).toMatch(/expired/);
    expect(s3UploadError(403, xml('AccessDenied', 'Invalid according to Policy'))).toBe('Invalid according to Policy');
    expect(s3UploadError(0, '')).toMatch(/Network error/);
    expect(s3UploadError(500, 'oops')).toBe('Upload failed (HTTP 500)');
  });

  it('reads them in Kiswahili too (S3 writes English only: its own text becomes the status)', async () => {
    await loadRegisteredCatalogs('sw');
    i18n.activate('sw');
    const xml = (code: string, message: string) => `<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    expect(s3UploadError(400, xml('EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'))).toBe('Ukubwa wa faili lazima uwe chini ya MB 10');
    expect(s3UploadError(403, xml('AccessDenied', 'Invalid according to Policy: Policy expired.'))).toBe('Kiungo cha kupakia kimeisha muda wake. Tafadhali jaribu tena.');
    expect(s3UploadError(403, xml('AccessDenied', 'Invalid according to Policy'))).toBe('Kupakia kumeshindwa (HTTP 403)');
    expect(s3UploadError(0, '')).toMatch(/^Hitilafu ya mtandao/);
  });
  afterEach(() => i18n.activate('en'));
});

describe('the photo as uploaded (the size it is shown at)', () => {
  it('keeps the centred square of a landscape or portrait picture', () => {
    expect(centredSquare(4000, 3000)).toEqual({ x: 500, y: 0, side: 3000 });
    expect(centredSquare(3000, 4001)).toEqual({ x: 0, y: 500, side: 3000 });
    expect(centredSquare(256, 256)).toEqual({ x: 0, y: 0, side: 256 });
  });

  it("names the file after its new type", () => {
    expect(renamedFor('IMG_2041.JPG', 'image/webp')).toBe('IMG_2041.webp');
    expect(renamedFor('me.photo.png', 'image/jpeg')).toBe('me.photo.jpg');
    expect(renamedFor('.png', 'image/webp')).toBe('photo.webp');
  });
});
