import type { SuggestGroup, SuggestOption } from './options';

interface Props {
  id: string;
  open: boolean;
  groups: SuggestGroup[];
  activeId: string | null;
  /** The hidden sentence a recent search is described by (how to remove it). */
  hintId: string;
  /** Placement: under the box by default; the header's phone layout spans the screen. */
  className: string;
  onChoose: (option: SuggestOption) => void;
  onRemove: (recent: string) => void;
}

/**
 * The combobox's popup (WAI-ARIA 1.2 listbox with groups): options are never focused, the input keeps the focus and
 * points at the highlighted one (aria-activedescendant). A press inside does not take the focus from the input.
 */
export function SuggestList({ id, open, groups, activeId, hintId, className, onChoose, onRemove }: Props) {
  return (
    <div
      id={id}
      role="listbox"
      aria-label="Search suggestions"
      hidden={!open}
      data-testid="search-suggestions"
      onMouseDown={(e) => e.preventDefault()}
      className={`z-50 max-h-[70vh] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-left shadow-lg ${className}`}
    >
      {groups.map((group) => (
        // biome-ignore lint/a11y/useSemanticElements: a listbox holds options and groups of options only; a fieldset is a form group.
        <div key={group.id} role="group" aria-labelledby={group.id} className="py-1">
          <div id={group.id} role="presentation" className="px-3 pb-1 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {group.label}
          </div>
          {group.options.map((option) => (
            <Option key={option.id} option={option} active={option.id === activeId} hintId={hintId} onChoose={onChoose} onRemove={onRemove} />
          ))}
        </div>
      ))}
    </div>
  );
}

function Option({
  option,
  active,
  hintId,
  onChoose,
  onRemove,
}: {
  option: SuggestOption;
  active: boolean;
  hintId: string;
  onChoose: (option: SuggestOption) => void;
  onRemove: (recent: string) => void;
}) {
  const clear = 'clear' in option.action;
  return (
    // The keyboard reaches options through the input (arrows, Enter), which keeps the focus and points at the
    // highlighted option (aria-activedescendant), as the combobox pattern has it: an option is never focused itself.
    // biome-ignore lint/a11y/useKeyWithClickEvents: see above.
    // biome-ignore lint/a11y/useFocusableInteractive: see above.
    <div
      id={option.id}
      role="option"
      aria-selected={active}
      aria-describedby={option.recent === undefined ? undefined : hintId}
      onClick={() => onChoose(option)}
      data-testid={option.recent === undefined ? undefined : 'recent-search'}
      className={`flex min-h-10 cursor-pointer items-center gap-2 px-3 py-1.5 text-sm ${
        active ? 'bg-emerald-50 text-emerald-800' : clear ? 'text-slate-500 hover:bg-slate-100' : 'text-slate-700 hover:bg-slate-100'
      }`}
    >
      <span className={`min-w-0 flex-1 truncate ${clear ? 'text-xs' : ''}`}>{option.label}</span>
      {option.detail && <span className="shrink-0 text-xs font-semibold text-orange-700">{option.detail}</span>}
      {option.recent !== undefined && (
        // Mouse and touch only, and hidden from screen readers: the keyboard removes the highlighted search with
        // Shift+Delete (the option says so), and an element inside an option may not be focusable.
        <span
          aria-hidden="true"
          title="Remove from recent searches"
          data-testid="remove-recent-search"
          onClick={(e) => {
            e.stopPropagation();
            onRemove(option.recent as string);
          }}
          className="-my-1 -mr-2 shrink-0 rounded px-2.5 py-1 text-lg leading-none text-slate-500 hover:bg-slate-200 hover:text-slate-800"
        >
          ×
        </span>
      )}
    </div>
  );
}
