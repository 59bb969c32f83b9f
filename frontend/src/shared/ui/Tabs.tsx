/**
 * ARIA tabs: a tablist with roving focus (arrow keys, Home, End) and one panel. The caller owns
 * the selected tab (e.g. in the URL), so the back button and shared links work.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useScrollHint } from './scroll-hint';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  label: string;
  tabs: ReadonlyArray<TabItem<T>>;
  selected: T;
  onSelect: (id: T) => void;
  idPrefix: string;
  /** Called when a pointer enters the strip or a tab gets focus: e.g. to fetch the panels' chunk. */
  onIntent?: () => unknown;
  children: ReactNode;
}

export function Tabs<T extends string>({ label, tabs, selected, onSelect, idPrefix, onIntent, children }: TabsProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const strip = useRef<HTMLDivElement>(null);
  useScrollHint(strip, tabs.map((tab) => tab.label).join());

  // On a phone the strip scrolls sideways: keep the selected tab in view (e.g. opened by ?tab=).
  useEffect(() => {
    const tab = refs.current.get(selected);
    const strip = tab?.parentElement;
    if (!tab || !strip || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
  }, [selected]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (index - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    const tab = tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div className="tabs-block">
      <div ref={strip} className="tab-strip" role="tablist" aria-label={label} onKeyDown={onKeyDown} onPointerEnter={onIntent} onFocus={onIntent}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(node) => {
              if (node) refs.current.set(tab.id, node);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tab-strip-tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${selected}`} className="tab-strip-panel">
        {children}
      </div>
    </div>
  );
}
