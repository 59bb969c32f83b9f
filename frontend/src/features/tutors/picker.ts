/**
 * Pick lists of the profile form (expertise, specializations and preferred subjects are
 * picked from fixed lists that exclude already-picked items; clicking a picked item removes it).
 */

/** The options still offered: the fixed list, in its order, minus what is already picked. */
export function remainingOptions<T extends string>(options: readonly T[], picked: readonly string[]): T[] {
  const taken = new Set(picked);
  return options.filter((option) => !taken.has(option));
}

/** Adds an option once; unknown options (not in the list) and repeats are ignored. */
export function addPick<T extends string>(options: readonly T[], picked: readonly T[], value: string): T[] {
  if (!options.includes(value as T) || picked.includes(value as T)) return [...picked];
  return [...picked, value as T];
}

export function removePick<T extends string>(picked: readonly T[], value: string): T[] {
  return picked.filter((item) => item !== value);
}

/** Free-text lists (certifications): trimmed, non-empty, no case-insensitive repeats. */
export function addFreeText(items: readonly string[], value: string, max = 20): string[] {
  const text = value.trim().replace(/\s+/g, ' ');
  if (!text || items.length >= max || items.some((item) => item.toLowerCase() === text.toLowerCase())) {
    return [...items];
  }
  return [...items, text];
}
