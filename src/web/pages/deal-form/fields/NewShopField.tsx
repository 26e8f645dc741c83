import { useEffect, useId, useState } from 'react';
import { isHttpUrl } from '../../../../shared/schemas/common';
import type { ShopMatch } from '../../../../shared/schemas/catalog/stores';
import { useProposeShop } from '../../../api/deals/posting';
import { inputClass } from '../../auth/FormField';

interface Props {
  /** The deal's link as typed: a new shop remembers its site. */
  url: string;
  /** A name to start from (the page's site name), which also opens the field. */
  suggestion?: string;
  onShop: (shop: ShopMatch) => void;
}

/**
 * "Shop not listed?" (docs/notes/posting.md): the member names the shop of a site we do not know. The server answers
 * the shop already under that site or name when there is one, else a new shop the team will confirm.
 */
export function NewShopField({ url, suggestion, onShop }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [done, setDone] = useState<ShopMatch | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const propose = useProposeShop();

  useEffect(() => {
    if (!suggestion) return;
    setOpen(true);
    setName((n) => n || suggestion);
  }, [suggestion]);

  const add = () => {
    if (!isHttpUrl(url.trim())) return setProblem('Enter the deal URL first: the shop is matched to its site');
    if (!name.trim()) return setProblem('Please name the shop');
    setProblem(null);
    propose.mutate(
      { name: name.trim(), url: url.trim() },
      {
        onSuccess: (shop) => {
          setDone(shop);
          onShop(shop);
        },
      },
    );
  };

  if (!open) {
    return (
      <button type="button" className="-mt-2 mb-3 text-sm font-semibold text-emerald-700 hover:underline dark:text-emerald-400" onClick={() => setOpen(true)}>
        Shop not listed?
      </button>
    );
  }
  return (
    <div className="-mt-2 mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        Shop name
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          type="text"
          maxLength={50}
          value={name}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          aria-describedby={`${id}-note`}
          className={inputClass(!!problem)}
        />
        <button
          type="button"
          onClick={add}
          disabled={propose.isPending}
          className="shrink-0 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {propose.isPending ? 'Adding...' : 'Use this shop'}
        </button>
      </div>
      <p id={`${id}-note`} className={`mt-1.5 text-sm ${problem ? 'text-red-600' : 'text-slate-600'}`} role={problem ? 'alert' : undefined}>
        {problem ??
          (done
            ? done.confirmed
              ? `${done.name} is already one of our shops: it is selected.`
              : `${done.name} is selected. Our team will confirm this new shop.`
            : 'A shop we do not know yet: your deal is posted under it and our team confirms it.')}
      </p>
    </div>
  );
}
