import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabPanelSpec {
  content: ReactNode;
  className?: string;
  /** Keep the panel in the page (hidden) while another tab is shown, e.g. to keep a half-written comment. */
  keepMounted?: boolean;
}

interface Props {
  tabs: ReactNode[];
  panels: TabPanelSpec[];
  selected: number;
  onChange: (index: number) => void;
  id?: string;
  className?: string;
  listId?: string;
  listClassName?: string;
  /** Classes of every tab; the selected one also carries `data-selected`, for `data-[selected]:` styles. */
  tabClassName?: string;
  panelsClassName?: string;
}

/**
 * WAI-ARIA tabs (automatic activation), the markup Headless UI's TabGroup gave the deal page without its ~12 kB gzip
 * (docs/notes/web-performance.md): role tablist/tab/tabpanel, aria-selected, aria-controls and aria-labelledby, a roving tabindex, and
 * Left/Right (wrapping), Home/PageUp and End/PageDown moving focus and selection together. A panel not shown is not
 * rendered, unless it is keepMounted: then it stays in the page with `hidden`.
 */
export function Tabs({ tabs, panels, selected, onChange, id, className, listId, listClassName, tabClassName, panelsClassName }: Props) {
  const base = useId();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const tabId = (i: number) => `${base}-tab-${i}`;
  const panelId = (i: number) => `${base}-panel-${i}`;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, from: number) => {
    const last = tabs.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? from === last
          ? 0
          : from + 1
        : e.key === 'ArrowLeft'
          ? from === 0
            ? last
            : from - 1
          : e.key === 'Home' || e.key === 'PageUp'
            ? 0
            : e.key === 'End' || e.key === 'PageDown'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    onChange(to);
    tabRefs.current[to]?.focus();
  };

  return (
    <div id={id} className={className}>
      <div role="tablist" aria-orientation="horizontal" id={listId} className={listClassName}>
        {tabs.map((label, i) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the tabs are a fixed list whose position is their identity (their ids are made from it).
            key={i}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-controls={panelId(i)}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            data-selected={i === selected ? '' : undefined}
            className={tabClassName}
            onClick={() => onChange(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className={panelsClassName}>
        {panels.map((p, i) =>
          i === selected || p.keepMounted ? (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: the panels are a fixed list whose position is their identity (their ids are made from it).
              key={i}
              role="tabpanel"
              id={panelId(i)}
              aria-labelledby={tabId(i)}
              tabIndex={i === selected ? 0 : -1}
              hidden={i !== selected}
              className={p.className}
            >
              {p.content}
            </div>
          ) : null,
        )}
      </div>
    </div>
  );
}
