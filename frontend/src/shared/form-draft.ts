/**
 * Nothing typed is lost on a bad connection: a form's values are kept in
 * sessionStorage while it is filled (this tab only, gone when it closes: phones are shared), so a
 * reload, a dropped connection or a chunk retry brings them back. Passwords are never kept.
 * A submit made offline is held (useHeldSubmit) and sent only when the user confirms it online.
 */
import { useEffect, useState } from 'react';
import type { FieldValues, UseFormWatch } from 'react-hook-form';
import { onlineManager } from '@tanstack/react-query';
import { useOnline } from './online';

const PREFIX = 'alp:draft:';

export function readDraft<T extends FieldValues>(key: string): Partial<T> {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    const value: unknown = raw ? JSON.parse(raw) : undefined;
    return value && typeof value === 'object' ? (value as Partial<T>) : {};
  } catch {
    return {};
  }
}

export function clearDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage disabled: there is no draft to clear.
  }
}

/** Saves the form's values on every change, without the `omit` fields. `omit` must be a stable array. */
export function useFormDraft<T extends FieldValues>(key: string, watch: UseFormWatch<T>, omit: readonly string[] = []): void {
  useEffect(() => {
    const subscription = watch((values) => {
      const kept: Record<string, unknown> = { ...values };
      for (const name of omit) delete kept[name];
      try {
        sessionStorage.setItem(PREFIX + key, JSON.stringify(kept));
      } catch {
        // Full or disabled storage: the form still works, only the draft is not kept.
      }
    });
    return () => subscription.unsubscribe();
  }, [key, watch, omit]);
}

export interface HeldSubmit {
  /** A submit was made offline and waits for the user to confirm it. */
  held: boolean;
  online: boolean;
  /** Call first in the submit handler: true (and the submit held) when offline. */
  holdIfOffline(): boolean;
  release(): void;
}

export function useHeldSubmit(): HeldSubmit {
  const online = useOnline();
  const [held, setHeld] = useState(false);
  return {
    held,
    online,
    holdIfOffline: () => {
      const offline = !onlineManager.isOnline();
      setHeld(offline);
      return offline;
    },
    release: () => setHeld(false),
  };
}
