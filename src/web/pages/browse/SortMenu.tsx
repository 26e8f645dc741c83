import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { ArrowDownUp, Check } from 'lucide-react';
import { SORTS as DEAL_SORTS } from './options';
import { type BrowseSort, SORT_LABELS } from './browse-params';

/** The Sort menu with the seven sorts of SPEC §9. */
export function SortMenu({ sort, onChange }: { sort: BrowseSort; onChange: (sort: BrowseSort) => void }) {
  return (
    <Menu as="div" className="relative">
      <MenuButton className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500">
        <ArrowDownUp className="h-4 w-4" aria-hidden="true" />
        <span className="hidden sm:inline">Sort:</span> {SORT_LABELS[sort]}
      </MenuButton>
      <MenuItems anchor={{ to: 'bottom end', gap: 8 }} className="z-40 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg focus:outline-none">
        {DEAL_SORTS.map((s) => (
          <MenuItem key={s}>
            <button
              type="button"
              onClick={() => onChange(s)}
              className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm text-slate-700 data-[focus]:bg-slate-100"
            >
              {SORT_LABELS[s]}
              {s === sort && <Check className="h-4 w-4 text-emerald-700" aria-label="(current)" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
