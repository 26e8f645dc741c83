import { ArrowDownUp, Check } from 'lucide-react';
import { DropdownMenu, MenuAction } from '../../../components/menus/DropdownMenu';
import { SORTS as DEAL_SORTS } from './options';
import { type BrowseSort, SORT_LABELS } from '../browse-params';

const ITEM =
  'flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/**
 * The Sort menu with the seven sorts of SPEC §9: the app's own menu button (components/menus/DropdownMenu.tsx, the WAI-ARIA
 * pattern), not Headless UI's, which with its positioning library was most of the browse page's first-load script
 * (docs/notes/web-performance.md). Opens below the button, aligned to its right edge.
 */
export function SortMenu({ sort, onChange }: { sort: BrowseSort; onChange: (sort: BrowseSort) => void }) {
  return (
    <DropdownMenu
      label={
        <>
          <ArrowDownUp className="h-4 w-4" aria-hidden="true" />
          <span className="hidden sm:inline">Sort:</span> {SORT_LABELS[sort]}
        </>
      }
      buttonClassName="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
      menuClassName="absolute right-0 top-full z-40 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none"
    >
      {DEAL_SORTS.map((s) => (
        <MenuAction key={s} onSelect={() => onChange(s)} className={ITEM}>
          {SORT_LABELS[s]}
          {s === sort && <Check className="h-4 w-4 text-emerald-700" aria-label="(current)" />}
        </MenuAction>
      ))}
    </DropdownMenu>
  );
}
