/** The terms a pack may have, shared by the rules and the tutor's form. */

/** A tutor offers a handful of packs at most: the profile shows them beside Book. */
export const MAX_OFFERS = 5;
export const PACK_SIZES = { min: 2, max: 20 } as const;
export const PACK_DISCOUNT = { min: 0, max: 50 } as const;
export const PACK_DURATIONS = [60, 90, 120] as const;
