/**
 * The family side of lesson reports by route name: a learner's reported lessons (the card reads the
 * first page, the Lessons page the rest) and marking homework done, with a photo sent first through
 * its presigned upload. A mark replaces the lessons and the lesson's report the family has cached.
 */
import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../shared/api';
import { postToPresignedUrl } from '../../shared/presigned-upload';
import { reportKeys } from './keys';

export const lessonHistoryQuery = (learnerId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: reportKeys.history(learnerId),
    queryFn: ({ signal, pageParam }) =>
      callApi('getLessonHistory', { query: { ...(learnerId ? { learnerId } : {}), ...(pageParam ? { cursor: pageParam } : {}) }, signal }),
    initialPageParam: '' as string,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 30_000,
  });

export function useMarkHomework(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ done, photo, onProgress }: { done: boolean; photo?: File; onProgress?: (fraction: number) => void }) => {
      let photoKey: string | undefined;
      if (done && photo) {
        const ticket = await callApi('createHomeworkPhotoUpload', {
          params: { bookingId }, body: { fileName: photo.name, contentType: photo.type, size: photo.size },
        });
        await postToPresignedUrl(ticket, photo, onProgress ?? (() => {}));
        photoKey = ticket.key;
      }
      return callApi('markLessonHomework', { params: { bookingId }, body: { done, ...(photoKey ? { photoKey } : {}) } });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reportKeys.histories });
      void client.invalidateQueries({ queryKey: reportKeys.lesson(bookingId) });
    },
  });
}
