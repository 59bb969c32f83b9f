import { describe, expect, it } from 'vitest';
import { checkDeclaredUpload, MAX_UPLOAD_BYTES } from '../uploads/rules.js';
import {
  ATTACHMENT_LINK_SECONDS, ATTACHMENT_PURPOSE, attachmentKey, checkAttachment, checkThumbnail, conversationFilesPrefix, linkSigningDate,
  MAX_THUMBNAIL_BYTES, shownName, thumbnailKeyOf,
} from './attachment-rules.js';

describe('what a message may carry', () => {
  const file = { fileName: 'homework.jpg', contentType: 'image/jpeg', size: 2_000_000 };
  it('takes photos (JPEG, PNG, WebP) and PDFs up to exactly 10 MB', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']) {
      expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, contentType }), contentType).toBeNull();
    }
    expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, size: MAX_UPLOAD_BYTES })).toBeNull();
  });
  it('refuses more than 10 MB, HEIC, videos and executables before the upload', () => {
    expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, size: MAX_UPLOAD_BYTES + 1 })).toBe('File size must be less than 10MB');
    const wrongType = 'That file type can\'t be used here. Choose a PDF, JPG, PNG or WebP file.';
    expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, fileName: 'IMG_0001.HEIC', contentType: 'image/heic' })).toBe(wrongType);
    expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, contentType: 'video/mp4' })).toBe(wrongType);
    expect(checkDeclaredUpload(ATTACHMENT_PURPOSE, { ...file, fileName: 'homework.exe.jpg' })).toBe('File type not allowed for security reasons');
  });
  it('judges the stored file by its bytes, not by what the browser said', () => {
    expect(checkAttachment({ size: 1000, declaredType: 'application/pdf', sniffedType: 'application/pdf' })).toEqual({ ok: true, contentType: 'application/pdf' });
    expect(checkAttachment({ size: 1000, declaredType: 'image/jpeg', sniffedType: 'image/png' })).toEqual({ ok: true, contentType: 'image/png' });
    // A "PDF" that is not one (unknown bytes), or a photo claiming to be a PDF.
    expect(checkAttachment({ size: 1000, declaredType: 'application/pdf', sniffedType: null })).toMatchObject({ ok: false });
    expect(checkAttachment({ size: 1000, declaredType: 'application/pdf', sniffedType: 'image/png' })).toMatchObject({ ok: false });
    expect(checkAttachment({ size: 1000, declaredType: 'video/mp4', sniffedType: 'video/mp4' })).toMatchObject({ ok: false });
    expect(checkAttachment({ size: MAX_UPLOAD_BYTES + 1, declaredType: 'image/png', sniffedType: 'image/png' }))
      .toEqual({ ok: false, message: 'File size must be less than 10MB' });
  });
});

describe('thumbnails', () => {
  it('a small real picture beside a photo', () => {
    expect(checkThumbnail('image/jpeg', { size: 12_000, sniffedType: 'image/webp' })).toEqual({ ok: true, contentType: 'image/webp' });
    expect(checkThumbnail('image/png', { size: MAX_THUMBNAIL_BYTES, sniffedType: 'image/jpeg' })).toMatchObject({ ok: true });
  });
  it('refused when too big to save data, not a picture, or beside a PDF', () => {
    expect(checkThumbnail('image/jpeg', { size: MAX_THUMBNAIL_BYTES + 1, sniffedType: 'image/jpeg' })).toMatchObject({ ok: false });
    expect(checkThumbnail('image/jpeg', { size: 1000, sniffedType: 'application/pdf' })).toMatchObject({ ok: false });
    expect(checkThumbnail('image/jpeg', { size: 1000, sniffedType: null })).toMatchObject({ ok: false });
    expect(checkThumbnail('application/pdf', { size: 1000, sniffedType: 'image/jpeg' })).toEqual({ ok: false, message: 'Only photos have a preview picture.' });
  });
});

describe('where files live', () => {
  it('under the conversation, one folder per message, so a prefix finds them all', () => {
    const key = attachmentKey('c1', 'm1', '1712_homework.jpg');
    expect(key).toBe('conversations/c1/m1/1712_homework.jpg');
    expect(key.startsWith(conversationFilesPrefix('c1'))).toBe(true);
    expect(thumbnailKeyOf('c1', 'm1').startsWith(conversationFilesPrefix('c1'))).toBe(true);
    expect(conversationFilesPrefix('c1')).not.toBe(conversationFilesPrefix('c10').slice(0, conversationFilesPrefix('c1').length));
  });
  it('shows the name the sender gave (without the upload timestamp)', () => {
    expect(shownName('1712345678_homework-page-2.jpg')).toBe('homework-page-2.jpg');
    expect(shownName('notes_2024.pdf')).toBe('notes_2024.pdf');
  });
});

describe('link signing clock', () => {
  it('gives the same signing time for ten minutes, so a thumbnail is fetched once', () => {
    const a = linkSigningDate(new Date('2026-11-28T10:00:01Z'));
    expect(linkSigningDate(new Date('2026-11-28T10:09:59Z'))).toEqual(a);
    expect(linkSigningDate(new Date('2026-11-28T10:10:00Z')).getTime() - a.getTime()).toBe(ATTACHMENT_LINK_SECONDS * 1000);
  });
});
