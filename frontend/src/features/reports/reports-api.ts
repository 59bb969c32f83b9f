/**
 * Lesson report calls by route name (types only from the contract). A save or an approval
 * answers with the tutor's report, which replaces the cached view at once.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportView, SaveReportRequest, TutorReport } from '@functions/reports/contract';
import { callApi } from '../../shared/api';
import { reportKeys } from './keys';

export const lessonReportQuery = (bookingId: string) =>
  queryOptions({
    queryKey: reportKeys.lesson(bookingId),
    queryFn: ({ signal }) => callApi('getLessonReport', { params: { bookingId }, signal }),
    // A report changes only when its tutor saves it: the booking cards need not ask again on every visit.
    staleTime: 60_000,
  });

/** The tutor's reports on time: it moves a day after each lesson, so a visit's read is enough. */
export const reportShareQuery = () =>
  queryOptions({
    queryKey: reportKeys.share,
    queryFn: ({ signal }) => callApi('getMyReportShare', { signal }),
    staleTime: 5 * 60_000,
  });

function useReplaceReport(bookingId: string) {
  const client = useQueryClient();
  return (report: TutorReport) =>
    client.setQueryData<ReportView>(reportKeys.lesson(bookingId), (view) => (view?.view === 'tutor' ? { ...view, report } : view));
}

export function useSaveReport(bookingId: string) {
  const replace = useReplaceReport(bookingId);
  return useMutation({
    mutationFn: (body: SaveReportRequest) => callApi('saveLessonReport', { params: { bookingId }, body }),
    onSuccess: ({ report }) => replace(report),
  });
}

export function useApproveReport(bookingId: string) {
  const replace = useReplaceReport(bookingId);
  return useMutation({
    mutationFn: (revision: number) => callApi('approveLessonReport', { params: { bookingId }, body: { revision } }),
    onSuccess: ({ report }) => replace(report),
  });
}

/** "Draft it for me": nothing is stored; the form takes the draft. */
export function useDraftReport(bookingId: string) {
  return useMutation({
    mutationFn: (words: string) => callApi('draftLessonReport', { params: { bookingId }, body: { words } }),
  });
}
