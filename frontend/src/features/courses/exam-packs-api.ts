/** Exam packs: the list (sizes and counts) and a download that updates its pack's count. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExamPacksResponse } from '@functions/exampacks/contract';
import { callApi } from '../../shared/api';
import { courseKeys } from './keys';

export const examPacksQuery = () =>
  queryOptions({ queryKey: courseKeys.examPacks, queryFn: ({ signal }) => callApi('listExamPacks', { signal }) });

/** Saves the file through its short-lived link (the link answers "attachment", so the page stays). */
function saveFrom(url: string, fileName: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export function useDownloadExamPack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => callApi('downloadExamPack', { params: { packId } }),
    onSuccess: (download, packId) => {
      saveFrom(download.url, download.fileName);
      client.setQueryData<ExamPacksResponse>(courseKeys.examPacks, (old) => old && {
        packs: old.packs.map((p) => (p.id === packId ? { ...p, downloads: download.downloads } : p)),
      });
    },
  });
}
