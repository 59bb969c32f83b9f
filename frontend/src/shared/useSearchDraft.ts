/**
 * The text of a search box that searches as the user types: `committed` is the search in effect
 * (usually from the URL), `commit` applies a new one once typing pauses. When `committed`
 * changes from elsewhere (Clear Filters, history), the box shows it.
 */
import { useEffect, useRef, useState } from 'react';

export const TYPING_DELAY_MS = 350;

export function useSearchDraft(committed: string, commit: (text: string) => void, delayMs = TYPING_DELAY_MS) {
  const [draft, setDraft] = useState(committed);
  const [seen, setSeen] = useState(committed);
  if (committed !== seen) {
    setSeen(committed);
    setDraft(committed);
  }
  // The latest commit, without restarting the timer when the caller passes a new function.
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (draft === committed || (!draft.trim() && !committed)) return;
    const timer = setTimeout(() => commitRef.current(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, committed, delayMs]);
  return [draft, setDraft] as const;
}
