/**
 * A tiny toast system: one polite live region, auto-dismissed messages, a dismiss button each.
 * The region is always in the DOM so screen readers announce what is added to it. It sits at
 * the top of the screen, or at the bottom while the focused control is in the top half (a toast
 * never covers what the user is working on); the countdowns pause while the pointer or focus is
 * on a toast (WCAG 2.2.1). The list rules are in toast-list.ts.
 */
import { createContext, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActiveLanguage } from '../i18n/text';
import { useUiText } from './text';
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
  /** Each toast's countdown: the time it has left, counted since `since` while it runs. */
  const timers = useRef(new Map<number, { left: number; since: number; timer?: ReturnType<typeof setTimeout> }>());
  const region = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const paused = useRef(false);
  const [side, setSide] = useState<'top' | 'bottom'>('top');
  const t = useUiText();

  const update = useCallback((next: ToastItem[], removed: readonly number[]) => {
    for (const id of removed) {
      clearTimeout(timers.current.get(id)?.timer);
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

  const arm = useCallback(
    (id: number) => {
      const countdown = timers.current.get(id);
      if (!countdown) return;
      countdown.since = Date.now();
      countdown.timer = setTimeout(() => remove((t) => t.id === id), countdown.left);
    },
    [remove],
  );

  const show = useCallback(
    (message: string, kind: ToastKind = 'info', options: ToastOptions = {}) => {
      const id = nextId.current++;
      const { list: next, removed } = addToast(list.current, { id, kind, message, key: toastKey(kind, message, options.key) });
      update(next, removed);
      const countdown = { left: TOAST_DURATION_MS[kind], since: Date.now() };
      timers.current.set(id, countdown);
      if (!paused.current) arm(id);
    },
    [arm, update],
  );

  /** Pauses every countdown while the pointer is over a toast or focus is inside one; resumes after. */
  const syncPause = useCallback(() => {
    const pause = hovered.current || Boolean(region.current?.contains(document.activeElement));
    if (pause === paused.current) return;
    paused.current = pause;
    for (const [id, countdown] of timers.current) {
      if (pause) {
        clearTimeout(countdown.timer);
        countdown.left -= Date.now() - countdown.since;
      } else {
        arm(id);
      }
    }
  }, [arm]);

  // Away from the focused control: the bottom while it is in the top half of the screen.
  const place = useCallback(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || region.current?.contains(focused)) return;
    const box = focused.getBoundingClientRect();
    setSide(box.top + box.height / 2 < window.innerHeight / 2 ? 'bottom' : 'top');
  }, []);

  const shown = toasts.length > 0;
  useLayoutEffect(() => {
    if (!shown) return;
    place();
    document.addEventListener('focusin', place);
    return () => document.removeEventListener('focusin', place);
  }, [shown, place, toasts]);

  // A toast that goes while focus was inside it leaves nothing to blur: re-check the pause.
  useEffect(syncPause, [toasts, syncPause]);

  // A toast is written in the language it was shown in: a switch of language takes it away rather
  // than leave a sentence in the language the reader just left.
  const language = useActiveLanguage();
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    remove(() => true);
  }, [language, remove]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((countdown) => clearTimeout(countdown.timer));
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
      <div
        ref={region}
        popover="manual"
        className={`toasts toasts-${side}`}
        aria-live="polite"
        aria-atomic="false"
        onMouseEnter={() => {
          hovered.current = true;
          syncPause();
        }}
        onMouseLeave={() => {
          hovered.current = false;
          syncPause();
        }}
        onFocus={syncPause}
        onBlur={() => setTimeout(syncPause)}
      >
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`} data-kind={toast.kind}>
            <p className="toast-message">{toast.message}</p>
            <button type="button" className="toast-close" aria-label={t('toast.dismiss')} onClick={() => remove((x) => x.id === toast.id)}>
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
