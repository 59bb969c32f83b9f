/**
 * A tiny toast system: one polite live region, auto-dismissed messages, a dismiss button each.
 * The region is always in the DOM so screen readers announce what is added to it. It sits at
 * the top of the screen, away from forms' primary buttons; the list rules are in toast-list.ts.
 */
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { addToast, TOAST_DURATION_MS, toastKey, type ToastItem, type ToastKind } from './toast-list';

export type { ToastKind };

export interface ToastOptions {
  /** Names the toast's cause: a later toast with the same key replaces it, dismiss(key) removes it. */
  key?: string;
}

export interface Toaster {
  show(message: string, kind?: ToastKind, options?: ToastOptions): void;
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
  /** The cause is fixed (e.g. the form was edited): its toast goes at once. */
  dismiss(key: string): void;
}

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const list = useRef<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const update = useCallback((next: ToastItem[], removed: readonly number[]) => {
    for (const id of removed) {
      clearTimeout(timers.current.get(id));
      timers.current.delete(id);
    }
    list.current = next;
    setToasts(next);
  }, []);

  const remove = useCallback(
    (gone: (t: ToastItem) => boolean) => {
      const removed = list.current.filter(gone).map((t) => t.id);
      if (removed.length) update(list.current.filter((t) => !gone(t)), removed);
    },
    [update],
  );

  const show = useCallback(
    (message: string, kind: ToastKind = 'info', options: ToastOptions = {}) => {
      const id = nextId.current++;
      const { list: next, removed } = addToast(list.current, { id, kind, message, key: toastKey(kind, message, options.key) });
      update(next, removed);
      timers.current.set(id, setTimeout(() => remove((t) => t.id === id), TOAST_DURATION_MS[kind]));
    },
    [remove, update],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (m, o) => show(m, 'success', o),
      error: (m, o) => show(m, 'error', o),
      info: (m, o) => show(m, 'info', o),
      dismiss: (key) => remove((t) => t.key === key),
    }),
    [show, remove],
  );

  // The region is an always-open manual popover, so it lives in the top layer. A modal <dialog>
  // opened later stacks above it (its backdrop would hide toasts), so a new toast while one is
  // open re-shows the region on top. The live region itself never leaves the page.
  const region = useRef<HTMLDivElement>(null);
  const latest = toasts.at(-1)?.id;
  useEffect(() => {
    const el = region.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (!el.matches(':popover-open')) el.showPopover();
    else if (latest !== undefined && document.querySelector('dialog:modal')) {
      el.hidePopover();
      el.showPopover();
    }
  }, [latest]);

  return (
    <ToastContext value={toaster}>
      {children}
      <div ref={region} popover="manual" className="toasts" aria-live="polite" aria-atomic="false">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} data-kind={t.kind}>
            <p className="toast-message">{t.message}</p>
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => remove((x) => x.id === t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): Toaster {
  const value = use(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
