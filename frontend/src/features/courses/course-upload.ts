/** Course files (thumbnails, lesson files) go up through the presigned-upload path; the server checks them again. */
import { uploadWithTicket } from '../../shared/presigned-upload';

export async function uploadCourseFile(file: File): Promise<string> {
  return (await uploadWithTicket('createCourseUpload', file, file.type, () => undefined)).key;
}
