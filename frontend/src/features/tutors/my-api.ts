/** The signed-in tutor's own data: profile edits, photo, weekly availability. */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile, ProfileResponse } from '@functions/profiles/contract';
import type {
  AddAvailabilityRequest, AddAvailabilityResponse, AvailabilityList, AvailabilitySummary, UpdateProfileRequest,
} from '@functions/tutors/contract';
import { api } from '../../shared/api';
import { uploadWithTicket } from '../../shared/presigned-upload';
import { authKeys, useSession } from '../auth';
import { tutorKeys } from './keys';

export const myAvailabilityQuery = () =>
  queryOptions({
    queryKey: tutorKeys.mySlots,
    queryFn: ({ signal }) => api<AvailabilityList>('/api/me/availability', { auth: true, signal }),
  });

export const myAvailabilitySummaryQuery = () =>
  queryOptions({
    queryKey: tutorKeys.mySummary,
    queryFn: ({ signal }) => api<AvailabilitySummary>('/api/me/availability/summary', { auth: true, signal }),
  });

export const addAvailabilitySlot = (body: AddAvailabilityRequest) =>
  api<AddAvailabilityResponse>('/api/me/availability', { method: 'POST', body, auth: true });

export const deleteAvailabilitySlot = (slotId: string) =>
  api<void>(`/api/me/availability/${encodeURIComponent(slotId)}`, { method: 'DELETE', auth: true });

/** A slot added or removed changes the weekly list, its summary and the tutor's public open times. */
function useInvalidateAvailability() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const tutorId = session.status === 'signed-in' ? session.userId : undefined;
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tutorKeys.myAvailability }),
      tutorId ? queryClient.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) }) : undefined,
    ]);
}

export function useAddAvailabilitySlot() {
  const onSettled = useInvalidateAvailability();
  return useMutation({ mutationFn: addAvailabilitySlot, onSettled });
}

export function useDeleteAvailabilitySlot() {
  const onSettled = useInvalidateAvailability();
  return useMutation({ mutationFn: deleteAvailabilitySlot, onSettled });
}

export const updateMyProfile = (body: UpdateProfileRequest) =>
  api<ProfileResponse>('/api/me/profile', { method: 'PATCH', body, auth: true });

/** Stores a fresh profile where useMe() reads it, and refreshes the public views of it. */
export function rememberProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData<MeResponse>(authKeys.me(profile.id), (old) => ({ mfaSetupRequired: false, ...old, profile }));
  void queryClient.invalidateQueries({ queryKey: tutorKeys.all });
}

/**
 * The whole photo flow: presign → upload with progress → the server checks and publishes it.
 * Rejects with an Error whose message is the reason to show.
 */
export async function uploadProfilePhoto(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Profile> {
  const target = await uploadWithTicket('/api/me/profile-photo/upload', file, file.type, onProgress, signal);
  const { profile } = await api<ProfileResponse>('/api/me/profile-photo', {
    method: 'POST',
    auth: true,
    signal,
    body: { key: target.key },
  });
  return profile;
}
