import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn.js';

export interface TabDefinition<T extends string> {
  id: T;
  label: string;
}

/**
 * Tabs as WAI-ARIA describes them: one tab stop for the row, the arrow keys, Home and End move
 * between tabs and show each at once, and the panel is named by its tab. Which tab shows is the
 * caller's (the address's `tab`, on the record page).
 */
export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly TabDefinition<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  const move = (event: KeyboardEvent, from: number) => {
    const last = tabs.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? from === last
          ? 0
          : from + 1
        : event.key === 'ArrowLeft'
          ? from === 0
            ? last
            : from - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const target = to === null ? undefined : tabs[to];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={label}
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {tabs.map((tab, index) => {
          const active = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) refs.current.set(tab.id, element);
                else refs.current.delete(tab.id);
              }}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => {
                onSelect(tab.id);
              }}
              onKeyDown={(event) => {
                move(event, index);
              }}
              className={cn(
                'inline-flex h-11 shrink-0 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap',
                'rounded-t focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
                active
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className="rounded focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none"
      >
        {children}
      </div>
    </div>
  );
}
