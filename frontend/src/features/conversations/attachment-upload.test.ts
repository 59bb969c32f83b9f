import { describe, expect, it } from 'vitest';
import { attachmentProblem, declaredType, fileSize, thumbnailDimensions } from './attachment-upload';

const MB = 1024 * 1024;

describe('what can be attached', () => {
  it('takes photos and PDFs up to 10 MB, also when the picker gives no type', () => {
    expect(attachmentProblem({ name: 'homework.jpg', type: 'image/jpeg', size: 3 * MB })).toBeNull();
    expect(attachmentProblem({ name: 'worksheet.pdf', type: 'application/pdf', size: 10 * MB })).toBeNull();
    expect(attachmentProblem({ name: 'IMG_1.PNG', type: '', size: 1000 })).toBeNull();
    expect(declaredType({ name: 'scan.webp', type: '' })).toBe('image/webp');
  });

  it('refuses other types (HEIC too), files over 10 MB and empty files', () => {
    expect(attachmentProblem({ name: 'IMG_2.heic', type: 'image/heic', size: 2 * MB })).toBe('type');
    expect(attachmentProblem({ name: 'notes.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 1000 })).toBe('type');
    expect(attachmentProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * MB + 1 })).toBe('tooLarge');
    expect(attachmentProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe('empty');
  });
});

describe('thumbnail size', () => {
  it('fits the longest side in 320 px, keeping the shape, never enlarging', () => {
    expect(thumbnailDimensions(4000, 3000)).toEqual({ width: 320, height: 240 });
    expect(thumbnailDimensions(1080, 1920)).toEqual({ width: 180, height: 320 });
    expect(thumbnailDimensions(100, 50)).toEqual({ width: 100, height: 50 });
  });
});

it('says sizes as people read them', () => {
  expect(fileSize(2.4 * MB)).toBe('2.4 MB');
  expect(fileSize(180 * 1024)).toBe('180 KB');
});
