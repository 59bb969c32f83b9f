/** The course form's values, checked with the API's own schema before anything is sent. */
import type { Course } from '@functions/courses/contract';
import { CreateCourseRequest } from '@functions/courses/contract';
import { checkDeclaredUpload } from '@functions/uploads/catalog';
import { courseMessages } from '@functions/courses/catalog';

export interface CourseFormValues {
  title: string; description: string; subject: string; level: string; category: string;
  /** As typed: empty means Free. */
  price: string;
  durationWeeks: string;
  /** Listed on /certification as a certification program. */
  certificationProgram: boolean;
}

export const EMPTY_COURSE_FORM: CourseFormValues = {
  title: '', description: '', subject: '', level: '', category: '', price: '', durationWeeks: '4',
  certificationProgram: false,
};

export const formFromCourse = (c: Course): CourseFormValues => ({
  title: c.title, description: c.description, subject: c.subject, level: c.level, category: c.category,
  price: c.price === null ? '' : String(c.price), durationWeeks: String(c.durationWeeks),
  certificationProgram: c.certificationProgram,
});

const numberOrText = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

export type CourseFormErrors = Partial<Record<keyof CourseFormValues | 'thumbnail', string>>;

/** The request body, or the first problem of each field. */
export function checkCourseForm(values: CourseFormValues):
  { ok: true; body: Omit<CreateCourseRequest, 'thumbnailKey'> } | { ok: false; errors: CourseFormErrors } {
  const parsed = CreateCourseRequest.safeParse({
    ...values,
    price: values.price.trim() === '' ? null : numberOrText(values.price),
    durationWeeks: values.durationWeeks.trim() === '' ? undefined : numberOrText(values.durationWeeks),
  });
  if (parsed.success) {
    const { thumbnailKey: _unused, ...body } = parsed.data;
    return { ok: true, body };
  }
  const errors: CourseFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CourseFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The thumbnail must be an image (and follow the course-materials upload rules). */
export function thumbnailProblem(file: File): string | null {
  if (!['image/jpeg', 'image/png'].includes(file.type)) return courseMessages.thumbnailImage;
  return checkDeclaredUpload('course-material', { fileName: file.name, contentType: file.type, size: file.size });
}

/** Lesson files: any course-material type (JPEG, PNG, PDF, MP4, WebM), at most 10 MB. */
export const lessonFileProblem = (file: File) =>
  checkDeclaredUpload('course-material', { fileName: file.name, contentType: file.type || 'application/octet-stream', size: file.size });

export const THUMBNAIL_ACCEPT = 'image/jpeg,image/png';
export const LESSON_FILE_ACCEPT = 'image/jpeg,image/png,application/pdf,video/mp4,video/webm';
