import { LayoutGrid, List, Plus } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useAuth } from '../../app/auth/AuthContext';
import { useCategories, useStores } from '../../api/catalog';
import { errorMessage } from '../../api/client';
import { DEAL_LIST_ERROR, useDealList } from '../../api/deals/deals';
import { DealGrid } from '../../components/deal/DealGrid';
import type { DealCardVariant } from '../../components/deal/DealCard';
import { Pagination } from '../../components/menus/Pagination';
import { ScrollToTopButton } from '../../components/ScrollToTopButton';
import { useAfterFirstRender } from '../../lib/useAfterFirstRender';
import { browseTitle, dealCountLabel, toListParams } from './browse-params';
import { activeChips, FilterChips } from './filters/FilterChips';
import { FilterPanel } from './filters/FilterPanel';
import { FilterPopup } from './filters/FilterPopup';
import { FilterSheet } from './filters/FilterSheet';
import { MobileBrowseBar } from './MobileBrowseBar';
import { SearchBox } from './SearchBox';
import { SortMenu } from './filters/SortMenu';
import { SortStatusFields } from './filters/SortStatusFields';
import { searchString, useBrowseState } from './useBrowseState';
import { NearSpellingNote } from './NearSpellingNote';
import { EmptyResults } from './EmptyResults';
import { useWideScreen } from './useWideScreen';
import { BrowseFeedLinks } from '../alerts/FeedLinks';
import { IconLink } from '../../components/IconLink';
import { Link } from '../../components/Link';
import { FollowingTabs } from './FollowingTabs';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DealPage } from '../../../shared/schemas/deals/deals';
import { api } from '../../api/client';

// Loaded when a category is chosen, not in the page's chunk (docs/notes/web-weight.md).
const FollowButton = lazy(() => import('../following/Following').then((m) => ({ default: m.FollowButton })));

/**
 * The Following tab's deals (GET /deals?following=1, docs/notes/vouchers-follows.md): the member's own list, keyed by
 * the member under the deal lists' root. Written here rather than shared: a shared module would be one more chunk named
 * in the first load (docs/notes/web-weight.md).
 */
function useFollowingDeals(page: number, pageSize: number, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['deals', 'list', 'following', user?.id ?? 0, page, pageSize],
    queryFn: ({ signal }) => api.get<DealPage>('/deals', { following: '1', page, pageSize }, signal),
    enabled: enabled && !!user,
    placeholderData: keepPreviousData,
  });
}

const VIEW_KEY = 'browse-view';
const readView = (): DealCardVariant => {
  try {
    return localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
};
const unchanging = () => () => {};
/** Cards drawn in the first render: a phone's screen holds 2-4, a wide one 6. */
const FIRST_SCREEN_CARDS = 6;

function ViewToggle({ view, onChange }: { view: DealCardVariant; onChange: (v: DealCardVariant) => void }) {
  const btn = (v: DealCardVariant, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={view === v}
      onClick={() => onChange(v)}
      className={`p-2 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-emerald-500 ${
        view === v ? 'bg-emerald-700 text-white' : 'bg-white text-slate-600 hover:bg-slate-50'
      }`}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
  return (
    <div className="flex overflow-hidden rounded-md border border-slate-300">
      {btn('grid', 'Grid view', LayoutGrid)}
      {btn('list', 'List view', List)}
    </div>
  );
}

/** SPEC §2 Browse deals (/dealsBrowse and /deals). The URL holds every filter. */
export default function BrowsePage() {
  const { isAuthenticated } = useAuth();
  const { state, update, hrefFor } = useBrowseState();
  const categories = useCategories();
  const stores = useStores();
  const all = useDealList(toListParams(state));
  // The Following tab: the member's own list (api/members/follows.ts), fetched only while it is chosen.
  const followed = useFollowingDeals(state.page, state.pageSize, !!state.following);
  const list = state.following ? followed : all;
  // The stored choice is read after hydration (the server draws the grid, the default), then kept in state once changed.
  const stored = useSyncExternalStore(unchanging, readView, () => 'grid' as const);
  const [chosen, setView] = useState<DealCardVariant | null>(null);
  const view = chosen ?? stored;
  const [filtersOpen, setFiltersOpen] = useState(false);
  // lg and up: the filter panel is a sidebar; below: one "Filters" button opens a sheet with it and the sort (docs/notes/web-everyday.md).
  const wide = useWideScreen();
  const sheetOpen = !wide && filtersOpen;

  const categoryName = categories.data?.find((c) => c.id === state.category)?.name;
  const storeName = stores.data?.find((s) => s.id === state.store)?.name;
  const title = state.following ? 'Following' : browseTitle(state, categoryName, storeName);
  const chips = activeChips(state, categories.data, stores.data);

  useEffect(() => {
    document.title = `${title} — QuidsIn`;
  }, [title]);
  // A new page of results starts at the top; the first one is where the browser put it (a drawn page may already have
  // been scrolled before it was hydrated). (A block body: newer browsers return a promise from scrollTo, which React
  // would take for a cleanup function.)
  const firstPage = useRef(state.page);
  useEffect(() => {
    if (firstPage.current === state.page) return;
    firstPage.current = 0;
    window.scrollTo(0, 0);
  }, [state.page]);

  const changeView = (v: DealCardVariant) => {
    setView(v);
    try {
      localStorage.setItem(VIEW_KEY, v);
    } catch {
      /* the choice lasts the page */
    }
  };

  const data = list.data;
  // The first screen's cards first (the server's HTML and its hydration), the rest of the page of deals right after.
  const allCards = useAfterFirstRender();
  const filterPanel = (
    <FilterPanel
      state={state}
      update={update}
      categories={categories.data}
      stores={stores.data}
      categoriesError={categories.isError}
      storesError={stores.isError}
    />
  );
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        </div>
        {state.category && categoryName && !state.following && (
          <Suspense fallback={null}>
            <FollowButton type="category" id={state.category} name={categoryName} />
          </Suspense>
        )}
        <BrowseFeedLinks state={state} className="ml-auto" />
        {isAuthenticated && (
          <IconLink
            to="/deals/create"
            icon={Plus}
            className="inline-flex items-center gap-1.5 rounded-md bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-500 focus-visible:ring-offset-2"
          >
            Post Deal
          </IconLink>
        )}
      </div>

      {isAuthenticated && (
        <div className="mt-4">
          <FollowingTabs following={!!state.following} />
        </div>
      )}
      <div className="mt-5 space-y-3">
        <SearchBox value={state.search} onSearch={(search) => update({ search })} />
        <div className="hidden flex-wrap items-center gap-2 lg:flex">
          <FilterPopup state={state} update={update} categories={categories.data} stores={stores.data} />
          <div className="ml-auto">
            <SortMenu sort={state.sort} onChange={(sort) => update({ sort })} />
          </div>
        </div>
        <FilterChips chips={chips} update={update} />
      </div>

      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr]">
        {wide ? (
          // hidden below lg: the server draws this sidebar (it cannot know the width), a phone then drops it for the sheet.
          <aside id="browse-filters" aria-label="Filters" className="hidden flex-col lg:flex">
            {filterPanel}
            {/* Below the panel, in the sidebar's own column: it follows the page down without covering any control. */}
            <div className="sticky top-[calc(100vh-5rem)] mt-4 flex justify-center">
              <ScrollToTopButton className="block shadow-md" />
            </div>
          </aside>
        ) : (
          sheetOpen && (
            <FilterSheet onClose={() => setFiltersOpen(false)} total={data ? dealCountLabel(data.totalCount, data.totalCountCapped) : undefined}>
              <SortStatusFields state={state} update={update} />
              {filterPanel}
            </FilterSheet>
          )
        )}
        <section aria-label="Deals" aria-busy={list.isFetching} className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}>
          {/* The cards' titles are h3s: on a phone the filter panel (and its h2) is not rendered, so the list names itself. */}
          <h2 className="sr-only">Deals</h2>
          <div className="mb-3 flex items-center justify-between gap-2">
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="browse-count">
              {data ? dealCountLabel(data.totalCount, data.totalCountCapped) : '\u00a0'}
            </p>
            <ViewToggle view={view} onChange={changeView} />
          </div>
          {data?.nearSpelling && (
            <NearSpellingNote near={data.nearSpelling} exactHref={searchString({ ...state, search: data.nearSpelling.typed, exact: true, page: 1 })} />
          )}
          {list.isError && !data ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
              <h2 className="font-semibold">Error loading deals</h2>
              <p className="mt-1 text-sm">{errorMessage(list.error, DEAL_LIST_ERROR)}</p>
              <button type="button" onClick={() => list.refetch()} className="mt-3 text-sm font-semibold underline">
                Try again
              </button>
            </div>
          ) : (
            <DealGrid
              deals={allCards ? data?.deals : data?.deals.slice(0, FIRST_SCREEN_CARDS)}
              loading={list.isLoading}
              variant={view}
              columns="sidebar"
              skeletons={view === 'list' ? 4 : 6}
              eagerCount={3}
              empty={
                state.following ? (
                  <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600" data-testid="following-empty">
                    No live deals from what you follow. Follow shops, categories and members from their pages (
                    <Link to="/following" className="underline">
                      what you follow
                    </Link>
                    ).
                  </p>
                ) : (
                  <EmptyResults state={state} relaxations={data?.relaxations} />
                )
              }
            />
          )}
          {data && <Pagination page={state.page} totalPages={data.totalPages} hrefFor={hrefFor} label="Deal pages" />}
        </section>
      </div>
      {!wide && <MobileBrowseBar open={sheetOpen} onOpen={() => setFiltersOpen(true)} active={chips.length} />}
    </div>
  );
}
