import { useEffect, useState, type RefObject } from 'react';

/**
 * Focus for an element that the same update puts on screen (the classroom frame after Join, the
 * Join button after Create meeting): `focusLater('frame')` focuses it after that render.
 */
export function useFocusLater<K extends string>(targets: Record<K, RefObject<HTMLElement | null>>): (target: K) => void {
  const [focus, setFocus] = useState<K | null>(null);
  useEffect(() => {
    if (!focus) return;
    targets[focus].current?.focus();
    setFocus(null);
  }, [focus, targets]);
  return setFocus;
}
