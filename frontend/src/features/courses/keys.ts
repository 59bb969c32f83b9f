/** Query keys of course data: public reads under `courses`, the tutor's own and the student's. */
import type { CatalogueFilters } from './catalogue-params';

export const courseKeys = {
  all: ['courses'] as const,
  catalogue: (filters: CatalogueFilters) => ['courses', 'catalogue', filters] as const,
  detail: (courseId: string) => ['courses', 'detail', courseId] as const,
  learn: (courseId: string) => ['courses', 'learn', courseId] as const,
  mine: ['my-courses'] as const,
  myCourse: (courseId: string) => ['my-courses', courseId] as const,
  enrolments: ['my-enrolments'] as const,
  examPacks: ['exam-packs'] as const,
};
