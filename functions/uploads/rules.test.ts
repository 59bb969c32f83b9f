import { describe, expect, it } from 'vitest';
import {
  ALLOWED_CONTENT_TYPES, checkDeclaredUpload, checkStoredUpload, hasBlockedExtension, isAllowedType, MAX_UPLOAD_BYTES,
  profilePhotoFailureMessage, sanitizeFileName, sniffContentType, uploadMessages,
} from './rules.js';

const bytes = (...parts: Array<number[] | string>) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('allowed types per purpose', () => {
  it('profile photos: JPEG, PNG, WebP only', () => {
    expect(ALLOWED_CONTENT_TYPES['profile-photo']).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(isAllowedType('profile-photo', 'image/webp')).toBe(true);
    expect(isAllowedType('profile-photo', 'application/pdf')).toBe(false);
    expect(isAllowedType('profile-photo', 'image/gif')).toBe(false);
  });
  it('KYC documents: JPEG, PNG, PDF only', () => {
    expect(isAllowedType('kyc-document', 'application/pdf')).toBe(true);
    expect(isAllowedType('kyc-document', 'image/webp')).toBe(false);
    expect(isAllowedType('kyc-document', 'video/mp4')).toBe(false);
  });
  it('course materials: JPEG, PNG, PDF, MP4, WebM', () => {
    for (const t of ['image/jpeg', 'image/png', 'application/pdf', 'video/mp4', 'video/webm']) {
      expect(isAllowedType('course-material', t), t).toBe(true);
    }
    expect(isAllowedType('course-material', 'image/webp')).toBe(false);
  });
  it('ignores case and parameters of the declared type', () => {
    expect(isAllowedType('profile-photo', 'IMAGE/PNG')).toBe(true);
    expect(isAllowedType('profile-photo', 'image/jpeg; charset=binary')).toBe(true);
  });
});

describe('blocked extensions', () => {
  it.each(['virus.exe', 'run.bat', 'run.cmd', 'saver.scr', 'old.pif', 'prog.com', 'PHOTO.EXE', 'a.Bat'])('%s is blocked', (name) => {
    expect(hasBlockedExtension(name)).toBe(true);
  });
  it('checks every dotted part, so double extensions are caught', () => {
    expect(hasBlockedExtension('photo.exe.png')).toBe(true);
    expect(hasBlockedExtension('photo.png.exe')).toBe(true);
    expect(hasBlockedExtension('report.Scr.pdf')).toBe(true);
    expect(hasBlockedExtension('photo.exe .png')).toBe(true);
    expect(hasBlockedExtension('photo.exe.')).toBe(true);
    expect(hasBlockedExtension('.exe')).toBe(true);
  });
  it('only looks at the file name, not folders, and not at look-alikes', () => {
    expect(hasBlockedExtension('C:\\exe.files\\photo.png')).toBe(false);
    expect(hasBlockedExtension('photo.png')).toBe(false);
    expect(hasBlockedExtension('executive.png')).toBe(false);
    expect(hasBlockedExtension('my-exe-photo.jpg')).toBe(false);
    expect(hasBlockedExtension('exe.png')).toBe(false); // a file called "exe"
  });
});

describe('sanitizeFileName (letters, digits, dot, hyphen)', () => {
  it('keeps a clean name', () => {
    expect(sanitizeFileName('photo-1.png')).toBe('photo-1.png');
  });
  it('replaces everything else with one hyphen per run', () => {
    expect(sanitizeFileName('My Photo (final)!!.JPG')).toBe('My-Photo-final.jpg');
    expect(sanitizeFileName('a_b  c.png')).toBe('a-b-c.png');
    expect(sanitizeFileName('<img onerror="x">&\'y\'.png')).toBe('img-onerror-x-y.png');
  });
  it('drops accents instead of the letters', () => {
    expect(sanitizeFileName('Café Wanjikũ.png')).toBe('Cafe-Wanjiku.png');
  });
  it('removes folders and never produces hidden files or ..', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\amani\\me.png')).toBe('me.png');
    expect(sanitizeFileName('.htaccess')).toBe('htaccess');
    expect(sanitizeFileName('a..b.png')).toBe('a.b.png');
  });
  it('is never empty and keeps the extension', () => {
    expect(sanitizeFileName('')).toBe('file');
    expect(sanitizeFileName('###')).toBe('file');
    expect(sanitizeFileName('😀.png')).toBe('file.png');
    expect(sanitizeFileName('.png')).toBe('png');
  });
  it('bounds the length, keeping the extension', () => {
    const name = sanitizeFileName(`${'a'.repeat(300)}.jpeg`);
    expect(name.length).toBeLessThanOrEqual(100);
    expect(name.endsWith('.jpeg')).toBe(true);
    expect(sanitizeFileName(`x.${'p'.repeat(50)}`).length).toBeLessThanOrEqual(12);
  });
  it('only ever outputs the allowed characters', () => {
    for (const input of ['ñ/é\\ü.png', 'a\u0000b.png', 'tab\there.png', '%2e%2e.png', 'a;rm -rf.png']) {
      expect(sanitizeFileName(input), input).toMatch(/^[A-Za-z0-9][A-Za-z0-9.-]*$/);
    }
  });
});

describe('sniffContentType', () => {
  it('recognises each signature', () => {
    expect(sniffContentType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('image/jpeg');
    expect(sniffContentType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'))).toBe('image/png');
    expect(sniffContentType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    expect(sniffContentType(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(bytes([0, 0, 0, 0x20], 'ftypisom'))).toBe('video/mp4');
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]))).toBe('video/webm');
  });
  it('returns null for anything else or too few bytes', () => {
    expect(sniffContentType(bytes('MZ', [0x90, 0, 3, 0, 0, 0, 4, 0]))).toBeNull(); // a Windows executable
    expect(sniffContentType(bytes('GIF89a'))).toBeNull();
    expect(sniffContentType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffContentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffContentType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffContentType(bytes('RIFF'))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });
});

describe('checkDeclaredUpload (before the upload)', () => {
  const photo = { fileName: 'me.png', contentType: 'image/png', size: 1024 };
  it('accepts a photo up to exactly 10 MB', () => {
    expect(checkDeclaredUpload('profile-photo', photo)).toBeNull();
    expect(checkDeclaredUpload('profile-photo', { ...photo, size: MAX_UPLOAD_BYTES })).toBeNull();
  });
  it('refuses more than 10 MB with the spec text', () => {
    expect(checkDeclaredUpload('profile-photo', { ...photo, size: MAX_UPLOAD_BYTES + 1 })).toBe('File size must be less than 10MB');
  });
  it('refuses a type the upload kind does not take by saying, in plain words, which file types it does take', () => {
    expect(checkDeclaredUpload('profile-photo', { ...photo, fileName: 'cv.pdf', contentType: 'application/pdf' }))
      .toBe('That file type can\'t be used here. Choose a JPG, PNG or WebP file.');
    expect(checkDeclaredUpload('kyc-document', { ...photo, contentType: 'text/plain' }))
      .toBe('That file type can\'t be used here. Choose a PDF, JPG or PNG file.');
    expect(checkDeclaredUpload('course-material', { ...photo, contentType: 'image/gif' }))
      .toBe('That file type can\'t be used here. Choose a PDF, JPG, PNG, MP4 or WebM file.');
  });
  it('refuses executables whatever they claim to be', () => {
    expect(checkDeclaredUpload('profile-photo', { ...photo, fileName: 'photo.exe.png' })).toBe('File type not allowed for security reasons');
    expect(checkDeclaredUpload('profile-photo', { ...photo, fileName: 'setup.EXE', size: MAX_UPLOAD_BYTES * 2 }))
      .toBe(uploadMessages.securityRisk);
  });
  it('refuses an empty file', () => {
    expect(checkDeclaredUpload('profile-photo', { ...photo, size: 0 })).toBe(uploadMessages.empty);
  });
});

describe('checkStoredUpload (after the upload, from the object itself)', () => {
  it('publishes with the type the bytes show', () => {
    expect(checkStoredUpload('profile-photo', { size: 10, declaredType: 'image/jpeg', sniffedType: 'image/png' }))
      .toEqual({ ok: true, contentType: 'image/png' });
    expect(checkStoredUpload('profile-photo', { size: 10, sniffedType: 'image/webp' })).toEqual({ ok: true, contentType: 'image/webp' });
  });
  it('refuses an object over 10 MB', () => {
    expect(checkStoredUpload('profile-photo', { size: MAX_UPLOAD_BYTES + 1, declaredType: 'image/png', sniffedType: 'image/png' }))
      .toEqual({ ok: false, message: 'File size must be less than 10MB' });
  });
  it('refuses unknown bytes, a type of another purpose, and a family mismatch', () => {
    const refused = { ok: false, message: 'File type not allowed for security reasons' };
    expect(checkStoredUpload('profile-photo', { size: 10, declaredType: 'image/png', sniffedType: null })).toEqual(refused);
    expect(checkStoredUpload('profile-photo', { size: 10, declaredType: 'image/png', sniffedType: 'application/pdf' })).toEqual(refused);
    expect(checkStoredUpload('kyc-document', { size: 10, declaredType: 'image/png', sniffedType: 'application/pdf' })).toEqual(refused);
    expect(checkStoredUpload('kyc-document', { size: 10, declaredType: 'application/pdf', sniffedType: 'application/pdf' }))
      .toEqual({ ok: true, contentType: 'application/pdf' });
  });
});

it('words a failed profile photo upload as the product does', () => {
  expect(profilePhotoFailureMessage('File size must be less than 10MB')).toBe('Error uploading profile photo: File size must be less than 10MB');
});
