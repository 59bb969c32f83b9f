/** The signed-in tutor's own data: profile edits, photo, weekly availability; mutations invalidate what they change. */
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MeResponse, Profile } from '@functions/profiles/contract';
import type { AddAvailabilityRequest, UpdateProfileRequest } from '@functions/tutors/contract';
import { callApi } from '../../shared/api';
import { uploadWithTicket } from '../../shared/presigned-upload';
import { authKeys, useSession } from '../auth';
import { tutorKeys } from './keys';

export const myAvailabilityQuery = () =>
  queryOptions({
    queryKey: tutorKeys.mySlots,
    queryFn: ({ signal }) => callApi('listMyAvailability', { signal }),
  });

export const myAvailabilitySummaryQuery = () =>
  queryOptions({
    queryKey: tutorKeys.mySummary,
    queryFn: ({ signal }) => callApi('myAvailabilitySummary', { signal }),
  });

export const addAvailabilitySlot = (body: AddAvailabilityRequest) => callApi('addMyAvailability', { body });

export const deleteAvailabilitySlot = (slotId: string) => callApi('deleteMyAvailability', { params: { slotId } });

/**
 * A slot added or removed changes the weekly list, its summary and the tutor's public open times.
 * Not awaited: a removed slot's delete button unmounts when the list comes back, and TanStack
 * Query skips `mutate(…, { onSuccess })` callbacks of an unmounted caller (its toast was lost).
 */
function useInvalidateAvailability() {
  const queryClient = useQueryClient();
  const { session } = useSession();
  const tutorId = session.status === 'signed-in' ? session.userId : undefined;
  return () => {
    void queryClient.invalidateQueries({ queryKey: tutorKeys.myAvailability });
    if (tutorId) void queryClient.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) });
  };
}

export function useAddAvailabilitySlot() {
  const onSettled = useInvalidateAvailability();
  return useMutation({ mutationFn: addAvailabilitySlot, onSettled });
}

export function useDeleteAvailabilitySlot() {
  const onSettled = useInvalidateAvailability();
  return useMutation({ mutationFn: deleteAvailabilitySlot, onSettled });
}

/**
 * Stores a fresh profile where useMe() reads it, and marks the public views of it (browse cards,
 * profile page, open times: notice and time zone shape them) stale.
 */
function rememberProfile(queryClient: QueryClient, profile: Profile): Promise<void> {
  queryClient.setQueryData<MeResponse>(authKeys.me(profile.id), (old) => ({ mfaSetupRequired: false, ...old, profile }));
  return queryClient.invalidateQueries({ queryKey: tutorKeys.all });
}

/** Saves profile edits (only the changed fields); the answer is the whole saved profile. */
export function useUpdateMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) => callApi('updateMyProfile', { body }),
    onSuccess: ({ profile }) => void rememberProfile(queryClient, profile),
  });
}

export interface PhotoUpload {
  file: File;
  onProgress: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * The whole photo flow: presign → upload with progress → the server checks and publishes it.
 * Rejects with an Error whose message is the reason to show.
 */
export async function uploadProfilePhoto({ file, onProgress, signal }: PhotoUpload): Promise<Profile> {
  const target = await uploadWithTicket('createProfilePhotoUpload', file, file.type, onProgress, signal);
  const { profile } = await callApi('setProfilePhoto', { body: { key: target.key }, signal });
  return profile;
}

export function useUploadProfilePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfilePhoto,
    onSuccess: (profile) => void rememberProfile(queryClient, profile),
  });
}
