/** The tutor's KYC calls: own documents, and the upload (ticket → storage → register). */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { KycDocument, MyKycDocuments, RegisterKycDocumentRequest } from '@functions/kyc/contract';
import { api } from '../../shared/api';
import { uploadWithTicket } from '../../shared/presigned-upload';
import { authKeys } from '../auth';
import { kycKeys } from './keys';

export const myKycDocumentsQuery = () =>
  queryOptions({
    queryKey: kycKeys.mine,
    queryFn: ({ signal }) => api<MyKycDocuments>('/api/kyc/documents', { auth: true, signal }),
    // The file links inside are signed for 3600 s: refetch well before they lapse.
    staleTime: 5 * 60_000,
  });

export interface KycUpload {
  file: File;
  contentType: string;
  documentType: RegisterKycDocumentRequest['documentType'];
  academicQualificationType?: RegisterKycDocumentRequest['academicQualificationType'];
}

/**
 * The whole flow: the API checks name, type and size and issues a presigned POST; the file goes
 * to private storage with progress (0…1); the API checks the stored bytes and records the
 * document as pending. Rejects with an ApiError (the API's text) or a StorageUploadError.
 */
export async function uploadKycDocument(upload: KycUpload, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<KycDocument> {
  const ticket = await uploadWithTicket('/api/kyc/uploads', upload.file, upload.contentType, onProgress, signal);
  const body: RegisterKycDocumentRequest = {
    documentType: upload.documentType,
    key: ticket.key,
    ...(upload.documentType === 'academic_qualification' && upload.academicQualificationType
      ? { academicQualificationType: upload.academicQualificationType } : {}),
  };
  const { document } = await api<{ document: KycDocument }>('/api/kyc/documents', { method: 'POST', auth: true, signal, body });
  return document;
}

/** After a submission: the list, and the profile (banner, status badge) read again. */
export function refreshAfterUpload(queryClient: QueryClient, userId: string | undefined): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: kycKeys.mine }),
    userId ? queryClient.invalidateQueries({ queryKey: authKeys.me(userId) }) : undefined,
  ]);
}
