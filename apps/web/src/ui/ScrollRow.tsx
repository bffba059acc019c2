import {
  createElement,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import './scrollRow.css';

/** How far one press of a cue moves the row: most of the visible width, at least a tab or two. */
const PAGE = 0.8;
const MIN_STEP = 60;

interface ScrollRowProps {
  /** The scrolling element: a fieldset of toggles, a tab list… */
  as?: 'div' | 'fieldset';
  role?: string;
  label: string;
  /** The wrapper's and the scrolling element's own classes (their layout stays the feature's). */
  className?: string;
  listClassName?: string;
  /** The cue that scrolls on; the one that scrolls back shows only when it has a label. */
  moreLabel: string;
  earlierLabel?: string;
  /** Measured again whenever this changes (the items shown). */
  watch?: unknown;
  children: ReactNode;
}

/**
 * A row of items that scrolls sideways when they do not fit (a phone's toggle bar, a narrow
 * chat's channel tabs): the edge with more beyond it fades, and a cue beside it says so and
 * scrolls them into view. Nothing shows while everything fits.
 */
export function ScrollRow({
  as = 'div',
  role,
  label,
  className,
  listClassName,
  moreLabel,
  earlierLabel,
  watch,
  children,
}: ScrollRowProps) {
  const list = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again whenever the items change.
  useLayoutEffect(measure, [watch, measure]);
  useEffect(() => {
    const el = list.current;
    const observer = typeof ResizeObserver === 'undefined' || !el ? null : new ResizeObserver(measure);
    if (el) observer?.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [measure]);
  // Setting scrollLeft follows the row's smooth scroll-behavior; the scroll events measure again.
  const page = (direction: 1 | -1) => {
    const el = list.current;
    if (!el) return;
    el.scrollLeft += direction * Math.max(MIN_STEP, el.clientWidth * PAGE);
    measure();
  };
  const cue = (name: string, direction: 1 | -1, glyph: string) => (
    <button
      type="button"
      className="scroll-cue"
      aria-label={name}
      title={name}
      onClick={() => page(direction)}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  return (
    <div
      className={className ? `scroll-row ${className}` : 'scroll-row'}
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      {earlierLabel && more.before && cue(earlierLabel, -1, '‹')}
      {createElement(
        as,
        {
          className: listClassName ? `scroll-row__list ${listClassName}` : 'scroll-row__list',
          role,
          'aria-label': label,
          ref: list,
          onScroll: measure,
        },
        children,
      )}
      {more.after && cue(moreLabel, 1, '›')}
    </div>
  );
}
