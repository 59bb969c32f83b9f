/**
 * Lesson pack calls by route name (types only from the contracts), and the mutations, which
 * invalidate what they change: the family's packs and bookings, and the tutor's open hours.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookFromPackRequest, BuyPackRequest, PackTermsInput } from '@functions/packs/contract';
import { callApi } from '../../shared/api';
import { bookingKeys } from '../bookings';
import { tutorKeys } from '../tutors';
import { packKeys } from './keys';

/** A tutor's offers, priced now (their profile, beside Book). */
export const tutorPackOffersQuery = (tutorId: string) =>
  queryOptions({
    queryKey: packKeys.tutor(tutorId),
    queryFn: ({ signal }) => callApi('tutorPackOffers', { params: { tutorId }, signal }),
    select: (data) => data.offers,
  });

export const myPacksQuery = () =>
  queryOptions({
    queryKey: packKeys.mine,
    queryFn: ({ signal }) => callApi('myPacks', { signal }),
    select: (data) => data.packs,
    // A payment may be confirmed by webhook while the page is open elsewhere.
    refetchOnWindowFocus: true,
  });

export const packQuery = (packId: string) =>
  queryOptions({
    queryKey: packKeys.one(packId),
    queryFn: ({ signal }) => callApi('getPack', { params: { packId }, signal }),
    select: (data) => data.pack,
    refetchOnWindowFocus: true,
  });

/** The calling tutor's own offers (their dashboard). */
export const myPackOffersQuery = () =>
  queryOptions({
    queryKey: packKeys.offers,
    queryFn: ({ signal }) => callApi('myPackOffers', { signal }),
    select: (data) => data.offers,
  });

export function useBuyPack() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyPackRequest) => callApi('buyPack', { body }),
    onSettled: () => void client.invalidateQueries({ queryKey: packKeys.mine }),
  });
}

export function useBookFromPack(packId: string, tutorId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookFromPackRequest) => callApi('bookFromPack', { params: { packId }, body }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: packKeys.all });
      void client.invalidateQueries({ queryKey: bookingKeys.all });
      void client.invalidateQueries({ queryKey: tutorKeys.slots(tutorId) });
    },
  });
}

/** Add (no `offerId`), change or withdraw (`terms: null`) one of the tutor's offers. */
export function useChangeOffer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, terms }: { offerId?: string | undefined; terms: PackTermsInput | null }) =>
      !offerId ? callApi('offerPack', { body: terms! })
        : terms ? callApi('editPack', { params: { offerId }, body: terms })
          : callApi('withdrawPack', { params: { offerId } }),
    onSettled: () => void client.invalidateQueries({ queryKey: packKeys.all }),
  });
}
