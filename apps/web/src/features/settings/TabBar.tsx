import type { KeyboardEvent } from 'react';

interface TabBarProps<T extends string> {
  label: string;
  tabs: readonly T[];
  labels: Readonly<Record<T, string>>;
  current: T;
  onSelect: (tab: T) => void;
  /** Ids are `${idPrefix}-tab-${tab}` and `${idPrefix}-panel`. */
  idPrefix: string;
  className?: string;
}

/** A tab list following the ARIA pattern: arrow keys, Home and End move between tabs. */
export function TabBar<T extends string>({
  label,
  tabs,
  labels,
  current,
  onSelect,
  idPrefix,
  className = 'tabs',
}: TabBarProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.indexOf(current);
    const moves: Record<string, number> = {
      ArrowRight: at + 1,
      ArrowLeft: at - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = tabs[(to + tabs.length) % tabs.length];
    if (next === undefined) return;
    onSelect(next);
    document.getElementById(`${idPrefix}-tab-${next}`)?.focus();
  };

  return (
    <div className={className} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          id={`${idPrefix}-tab-${tab}`}
          type="button"
          role="tab"
          aria-selected={tab === current}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab === current ? 0 : -1}
          className={tab === current ? 'tab active' : 'tab'}
          onClick={() => onSelect(tab)}
        >
          {labels[tab]}
        </button>
      ))}
    </div>
  );
}
