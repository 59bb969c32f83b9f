/**
 * A strip that scrolls sideways on a phone (the header's links, a tab strip) says so: while part of
 * it is out of view it carries data-more="start" | "end" | "both", and CSS fades that edge, so a
 * cut-off item reads as "more this way" rather than as the end of the row.
 */
import { useEffect, type RefObject } from 'react';

/** Less than this hidden (a scroller's own padding, a snap offset) is not "more". */
const SLACK_PX = 8;

export function hiddenSides(strip: { scrollLeft: number; clientWidth: number; scrollWidth: number }): '' | 'start' | 'end' | 'both' {
  const start = strip.scrollLeft > SLACK_PX;
  const end = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - SLACK_PX;
  return start && end ? 'both' : start ? 'start' : end ? 'end' : '';
}

/** `items`: changes when the strip's items do (their number or labels), to watch the new ones' size. */
export function useScrollHint(ref: RefObject<HTMLElement | null>, items: unknown): void {
  useEffect(() => {
    const strip = ref.current;
    if (!strip) return;
    const update = () => {
      const more = hiddenSides(strip);
      if (more) strip.dataset.more = more;
      else delete strip.dataset.more;
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    // The strip's own width (rotation, resize) and its items' (another language) both move the edge.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(strip);
    for (const item of strip.children) observer?.observe(item);
    return () => {
      strip.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref, items]);
}
