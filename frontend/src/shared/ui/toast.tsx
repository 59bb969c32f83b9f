/**
 * A tiny toast system: one polite live region, auto-dismissed messages, a dismiss button each.
 * The region is always in the DOM so screen readers announce what is added to it.
 */
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

export interface Toaster {
  show(message: string, kind?: ToastKind): void;
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

const DURATION_MS: Record<ToastKind, number> = { success: 4000, info: 6000, error: 8000 };
const MAX_VISIBLE = 3;

const ToastContext = createContext<Toaster | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((t) => t.id !== id));
  }, []);

  const show = useCallback(
    (message: string, kind: ToastKind = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, kind, message }].slice(-MAX_VISIBLE));
      timers.current.set(id, setTimeout(() => dismiss(id), DURATION_MS[kind]));
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      show,
      success: (m) => show(m, 'success'),
      error: (m) => show(m, 'error'),
      info: (m) => show(m, 'info'),
    }),
    [show],
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
            <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
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
