/** Course reads and writes by route name; mutations invalidate what they change. */
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CourseDetail, CreateCourseRequest, LessonInput, UpdateCourseRequest, UpdateLessonRequest } from '@functions/courses/contract';
import { callApi } from '../../shared/api';
import { goToCheckout } from '../../shared/checkout';
import { scopeKey } from '../households';
import type { CatalogueFilters } from './catalogue-params';
import { courseKeys } from './keys';

export const CATALOGUE_PAGE_SIZE = 12;

export function catalogueQuery(filters: CatalogueFilters) {
  return infiniteQueryOptions({
    queryKey: courseKeys.catalogue(filters),
    queryFn: ({ pageParam, signal }) => callApi('browseCourses', {
      query: {
        ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
        ...(filters.category ? { category: filters.category } : {}),
        ...(filters.subject ? { subject: filters.subject } : {}),
        ...(filters.level ? { level: filters.level } : {}),
        ...(filters.price ? { price: filters.price } : {}),
        ...(filters.duration ? { duration: filters.duration } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
        limit: CATALOGUE_PAGE_SIZE,
      },
      signal,
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor || undefined,
  });
}

export const courseQuery = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.detail(courseId), queryFn: ({ signal }) => callApi('getCourse', { params: { courseId }, signal }) });

/** Lessons and done marks of the viewer's enrolment, or (a parent) the chosen child's. */
export const learnQuery = (courseId: string, learnerId?: string) =>
  queryOptions({
    queryKey: [...courseKeys.learn(courseId), scopeKey(learnerId)] as const,
    queryFn: ({ signal }) => callApi('learnCourse', { params: { courseId }, query: { learnerId }, signal }),
  });

export const myCoursesQuery = () =>
  queryOptions({ queryKey: courseKeys.mine, queryFn: ({ signal }) => callApi('listMyCourses', { signal }) });

export const myCourseQuery = (courseId: string) =>
  queryOptions({ queryKey: courseKeys.myCourse(courseId), queryFn: ({ signal }) => callApi('getMyCourse', { params: { courseId }, signal }) });

export const myEnrolmentsQuery = (learnerId?: string) =>
  queryOptions({
    queryKey: [...courseKeys.enrolments, scopeKey(learnerId)] as const,
    queryFn: ({ signal }) => callApi('listMyEnrolments', { query: { learnerId }, signal }),
  });

/** Every write of the tutor's own course refreshes their lists and the public reads. */
function useOwnCourseMutation<V, R extends { course: { id: string } }>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: ({ course }) => {
      client.setQueryData(courseKeys.myCourse(course.id), { course });
      void client.invalidateQueries({ queryKey: courseKeys.mine });
      void client.invalidateQueries({ queryKey: courseKeys.all });
    },
  });
}

export const useCreateCourse = () => useOwnCourseMutation((body: CreateCourseRequest) => callApi('createCourse', { body }));
export const useUpdateCourse = () =>
  useOwnCourseMutation(({ courseId, body }: { courseId: string; body: UpdateCourseRequest }) => callApi('updateCourse', { params: { courseId }, body }));
export const useAddLesson = () =>
  useOwnCourseMutation(({ courseId, body }: { courseId: string; body: LessonInput }) => callApi('addCourseLesson', { params: { courseId }, body }));
export const useReorderLessons = () =>
  useOwnCourseMutation(({ courseId, lessonIds }: { courseId: string; lessonIds: string[] }) =>
    callApi('reorderCourseLessons', { params: { courseId }, body: { lessonIds } }));
export const useUpdateLesson = () =>
  useOwnCourseMutation(({ courseId, lessonId, body }: { courseId: string; lessonId: string; body: UpdateLessonRequest }) =>
    callApi('updateCourseLesson', { params: { courseId, lessonId }, body }));
export const useDeleteLesson = () =>
  useOwnCourseMutation(({ courseId, lessonId }: { courseId: string; lessonId: string }) =>
    callApi('deleteCourseLesson', { params: { courseId, lessonId } }));
export const usePublishCourse = () =>
  useOwnCourseMutation(({ courseId, publish }: { courseId: string; publish: boolean }) =>
    callApi(publish ? 'publishCourse' : 'unpublishCourse', { params: { courseId } }));

export function useEnrol(courseId: string, learnerId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('enrolInCourse', { params: { courseId }, query: { learnerId } }),
    onSuccess: () => {
      // Counted here, not read again: the public course read may be answered from the browser's
      // (or the CDN's) short cache (stale-while-revalidate), which still says the count before this
      // enrolment. Enrol is offered only to a student who is not enrolled, so this one is new.
      client.setQueryData(courseKeys.detail(courseId), (course: CourseDetail | undefined) =>
        course && { ...course, enrolledCount: course.enrolledCount + 1 });
      void client.invalidateQueries({ queryKey: courseKeys.learn(courseId) });
      void client.invalidateQueries({ queryKey: courseKeys.enrolments });
    },
  });
}

/**
 * Paid courses: start the payment and leave for the provider's page; the payment
 * callback brings the student back to the course, enrolled. A refusal (already enrolled …) means
 * what the page shows is stale, so the course and the enrolments are read again.
 */
export function usePayForCourse(courseId: string, learnerId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => goToCheckout(await callApi('payForCourse', { params: { courseId }, query: { learnerId } })),
    onError: () => {
      void client.invalidateQueries({ queryKey: courseKeys.learn(courseId) });
      void client.invalidateQueries({ queryKey: courseKeys.enrolments });
    },
  });
}

export function useMarkDone(courseId: string, learnerId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lessonId: string) => callApi('markCourseLessonDone', { params: { courseId, lessonId }, query: { learnerId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: courseKeys.learn(courseId) });
      void client.invalidateQueries({ queryKey: courseKeys.enrolments });
    },
  });
}
