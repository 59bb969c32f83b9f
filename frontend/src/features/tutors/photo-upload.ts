/**
 * Profile photo upload (the upload rules and their texts): a client-side pre-check, then the file
 * goes straight to S3 with a presigned POST through XMLHttpRequest, whose upload events drive
 * a progress bar (fetch has no upload progress). The server checks the real type afterwards.
 * Rules and texts are the API's own (functions/uploads/rules.ts, zod-free).
 */
import { ALLOWED_CONTENT_TYPES, checkDeclaredUpload } from '@functions/uploads/catalog';

const PURPOSE = 'profile-photo';

/** The file input's `accept`: the allowed MIME types plus extensions for pickers that only know those. */
export const PHOTO_ACCEPT = [...ALLOWED_CONTENT_TYPES[PURPOSE], '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** The reason a file is refused before uploading (the API's own rules), or null. */
export const photoProblem = (file: { name: string; type: string; size: number }): string | null =>
  checkDeclaredUpload(PURPOSE, { fileName: file.name, contentType: file.type, size: file.size });


/**
 * Stored photos are this many pixels square. The largest place a photo is shown is 96 CSS px
 * (88 on the profile, 56 on browse cards), so 256 px stays sharp on screens of up to 2.7×
 * density, and a phone camera's 3–10 MB original never reaches visitors.
 */
export const PHOTO_SIZE = 256;

/** The centred square of a `width` × `height` picture (the avatars are round: the edges go). */
export function centredSquare(width: number, height: number): { x: number; y: number; side: number } {
  const side = Math.min(width, height);
  return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), side };
}

/** "me.photo.JPG" → "me.photo.webp" */
export const renamedFor = (fileName: string, type: 'image/webp' | 'image/jpeg') =>
  `${fileName.replace(/\.[^.]*$/, '') || 'photo'}.${type === 'image/webp' ? 'webp' : 'jpg'}`;

/**
 * The photo as it is uploaded: its centred square at PHOTO_SIZE px (never enlarged), as WebP
 * where the browser can encode it, else JPEG. A picture the browser cannot decode goes up as
 * it is, and the server's own checks decide.
 */
export async function photoForUpload(file: File): Promise<File> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const { x, y, side } = centredSquare(bitmap.width, bitmap.height);
  const size = Math.min(PHOTO_SIZE, side);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, x, y, side, side, 0, 0, size, size);
  bitmap.close();
  for (const type of ['image/webp', 'image/jpeg'] as const) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
    // A browser that cannot encode the type answers with a PNG instead.
    if (blob?.type === type) return new File([blob], renamedFor(file.name, type), { type });
  }
  return file;
}

// The upload itself is shared with KYC documents (shared/presigned-upload).
export { s3UploadError, UploadAbortedError } from '../../shared/presigned-upload';
