import { describe, expect, it } from 'vitest';
import { addToast, MAX_VISIBLE, TOAST_DURATION_MS, toastKey, type ToastItem, type ToastKind } from './toast-list';

let id = 0;
const toast = (kind: ToastKind, message: string, key?: string): ToastItem => ({ id: ++id, kind, message, key: toastKey(kind, message, key) });
const show = (list: ToastItem[], item: ToastItem) => addToast(list, item).list;

describe('toast list rules', () => {
  it('shows an identical toast once, not stacked', () => {
    const missing = 'Missing Information: Please fill in all required fields';
    let list = show([], toast('error', missing));
    list = show(list, toast('error', missing));
    list = show(list, toast('error', missing));
    expect(list.map((t) => t.message)).toEqual([missing]);
  });

  it('a toast with the same key replaces the older one, whatever its text', () => {
    let list = show([], toast('error', 'Choose a subject', 'booking-form'));
    const result = addToast(list, toast('error', 'Choose a time', 'booking-form'));
    list = result.list;
    expect(list.map((t) => t.message)).toEqual(['Choose a time']);
    expect(result.removed).toHaveLength(1);
  });

  it('a success clears the errors before it, but not other news', () => {
    let list = show([], toast('info', 'Please sign in to book a session'));
    list = show(list, toast('error', 'Missing Information: Please fill in all required fields'));
    list = show(list, toast('success', 'Booking Created'));
    expect(list.map((t) => t.kind)).toEqual(['info', 'success']);
  });

  it('keeps at most a few, newest last', () => {
    let list: ToastItem[] = [];
    for (let i = 0; i < 5; i++) list = show(list, toast('info', `n${i}`));
    expect(list.map((t) => t.message)).toEqual(['n2', 'n3', 'n4'].slice(-MAX_VISIBLE));
  });

  it('errors no longer linger for 8 seconds', () => {
    expect(TOAST_DURATION_MS.error).toBeLessThan(8000);
  });
});
