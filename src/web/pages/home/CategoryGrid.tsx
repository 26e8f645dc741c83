import { ChevronDown, ChevronUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../components/Link';
import { CATEGORIES_ERROR, useCategories } from '../../api/catalog';
import { CategoryIcon } from '../../components/icons/CategoryIcon';
import { CATEGORY_GRID_SIZE } from '../../lib/constants';
import { skeletonKeys } from '../../lib/skeleton-keys';

const gridClass = 'grid grid-cols-3 gap-2 sm:grid-cols-4 sm:gap-3 lg:grid-cols-6';

/** Browse Categories: 12 tiles, expandable to all (SPEC §2 Home, §9). */
export function CategoryGrid() {
  const categories = useCategories();
  const [expanded, setExpanded] = useState(false);
  const all = categories.data ?? [];
  const shown = expanded ? all : all.slice(0, CATEGORY_GRID_SIZE);
  return (
    <section aria-labelledby="categories-heading">
      <div className="flex items-end justify-between gap-3">
        <h2 id="categories-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
          Browse Categories
        </h2>
        {all.length > CATEGORY_GRID_SIZE && (
          <button
            type="button"
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
            aria-controls="category-grid"
            className="inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
          >
            {expanded ? 'Show fewer' : `View all ${all.length}`}
            {expanded ? <ChevronUp className="h-4 w-4" aria-hidden="true" /> : <ChevronDown className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      <div className="mt-4">
        {categories.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {CATEGORIES_ERROR}
          </p>
        ) : categories.isLoading ? (
          <div className={gridClass} aria-hidden="true">
            {skeletonKeys(CATEGORY_GRID_SIZE).map((key) => (
              <div key={key} className="h-[5.5rem] animate-pulse rounded-xl bg-slate-200" />
            ))}
          </div>
        ) : (
          <ul id="category-grid" className={gridClass} data-testid="category-grid">
            {shown.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/dealsBrowse?category=${c.id}`}
                  className="group flex h-[5.5rem] flex-col items-center justify-center gap-1.5 rounded-xl border border-slate-200 bg-white px-2 text-center shadow-sm transition hover:border-emerald-300 hover:shadow focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500"
                >
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-emerald-50 text-emerald-700 group-hover:bg-emerald-100">
                    <CategoryIcon name={c.name} className="h-5 w-5" />
                  </span>
                  <span className="line-clamp-2 text-xs font-medium leading-tight text-slate-800 sm:text-sm">{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
