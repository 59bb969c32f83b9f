/**
 * The rules of the toast list, pure so they are unit-tested: an identical toast (same key)
 * replaces the one on screen instead of stacking, a success clears the errors before it (what
 * went wrong has just gone right), and at most a few are shown.
 */
export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  /** Same key, same toast: a cause names its key so it can take the toast away when fixed. */
  key: string;
}

export const MAX_VISIBLE = 3;

/** How long each kind stays (ms) unless dismissed or replaced earlier. */
export const TOAST_DURATION_MS: Record<ToastKind, number> = { success: 4000, info: 5000, error: 6000 };

export const toastKey = (kind: ToastKind, message: string, key?: string): string => key ?? `${kind}:${message}`;

/** The list after `item` is shown, and the ids that left it (their timers can go). */
export function addToast(list: readonly ToastItem[], item: ToastItem): { list: ToastItem[]; removed: number[] } {
  const stays = (t: ToastItem) => t.key !== item.key && !(item.kind === 'success' && t.kind === 'error');
  const kept = list.filter(stays);
  const next = [...kept, item].slice(-MAX_VISIBLE);
  const ids = new Set(next.map((t) => t.id));
  return { list: next, removed: list.filter((t) => !ids.has(t.id)).map((t) => t.id) };
}
