/**
 * The selected tab of a tabbed page, kept in the URL (?tab=) so the back button and shared links
 * work. The first tab is the default and leaves no parameter; an unknown value selects it.
 */
import { useSearchParams } from 'react-router-dom';

export function useTabParam<T extends string>(tabs: ReadonlyArray<{ id: T }>): [T, (id: T) => void] {
  const [params, setParams] = useSearchParams();
  const first = tabs[0]!.id;
  const tab = tabs.find((t) => t.id === params.get('tab'))?.id ?? first;
  const select = (id: T) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === first) next.delete('tab');
        else next.set('tab', id);
        return next;
      },
      { replace: true },
    );
  return [tab, select];
}
