import { useState } from 'react';
import type { Deal } from '../../../../../shared/schemas/deals/deals';

/**
 * The deals ticked for a batch. Selection order is activation order (SPEC §4), so a Map keeps insertion order and the
 * deal itself; a change of filter starts over, since the ticked rows may no longer be listed.
 */
export function useDealSelection(pageDeals: Deal[], filterKey: string) {
  const [selected, setSelected] = useState<Map<number, Deal>>(new Map());
  // Cleared while rendering the new filter's rows, so no ticked row of the old list is ever shown with them.
  const [selectedUnder, setSelectedUnder] = useState(filterKey);
  if (selectedUnder !== filterKey) {
    setSelectedUnder(filterKey);
    setSelected(new Map());
  }

  const toggle = (deal: Deal) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (next.has(deal.id)) next.delete(deal.id);
      else next.set(deal.id, deal);
      return next;
    });
  const toggleAll = (checked: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const d of pageDeals) {
        if (checked) next.set(d.id, d);
        else next.delete(d.id);
      }
      return next;
    });
  const drop = (ids: number[]) => setSelected((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))));
  const clear = () => setSelected(new Map());

  return { selected, toggle, toggleAll, drop, clear };
}

export type DealSelection = ReturnType<typeof useDealSelection>;
