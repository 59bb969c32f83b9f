/** The tutor's KYC calls: own documents, and the upload (ticket → storage → register) as a mutation. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { KycDocument, RegisterKycDocumentRequest } from '@functions/kyc/contract';
import { callApi } from '../../shared/api';
import { uploadWithTicket } from '../../shared/presigned-upload';
import { authKeys, useSession } from '../auth';
import { kycKeys } from './keys';

export const myKycDocumentsQuery = () =>
  queryOptions({
    queryKey: kycKeys.mine,
    queryFn: ({ signal }) => callApi('listMyKycDocuments', { signal }),
    // The file links inside are signed for 3600 s: refetch well before they lapse.
    staleTime: 5 * 60_000,
  });

export interface KycUpload {
  file: File;
  contentType: string;
  documentType: RegisterKycDocumentRequest['documentType'];
  academicQualificationType?: RegisterKycDocumentRequest['academicQualificationType'];
  /** Storage upload progress, 0…1. */
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The whole flow: the API checks name, type and size and issues a presigned POST; the file goes
 * to private storage with progress (0…1); the API checks the stored bytes and records the
 * document as pending. Rejects with an ApiError (the API's text) or a StorageUploadError.
 */
export async function uploadKycDocument(upload: KycUpload): Promise<KycDocument> {
  const { file, contentType, documentType, academicQualificationType, onProgress, signal } = upload;
  const ticket = await uploadWithTicket('createKycUpload', file, contentType, onProgress, signal);
  const body: RegisterKycDocumentRequest = {
    documentType,
    key: ticket.key,
    ...(documentType === 'academic_qualification' && academicQualificationType ? { academicQualificationType } : {}),
  };
  const { document } = await callApi('registerKycDocument', { body, signal });
  return document;
}

/**
 * uploadKycDocument as a mutation. A new pending document changes the tutor's list and their
 * profile's KYC status (banner, badge): both are read again before it resolves.
 */
export function useUploadKycDocument() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const userId = session.status === 'signed-in' ? session.userId : undefined;
  return useMutation({
    mutationFn: uploadKycDocument,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: kycKeys.mine }),
        userId ? queryClient.invalidateQueries({ queryKey: authKeys.me(userId) }) : undefined,
      ]),
  });
}
