import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { GripVertical, ICON_SIZE } from '../../ui/icons.ts';
import { quotesText } from './quotesText.ts';

// Drag to reorder (docs/quotes-news.md §2), only in this lazy chunk. A mouse drag starts after
// 5 px so clicks on a card's buttons still work; a touch drag after a short press (a swipe
// scrolls the slider instead); the keyboard lifts with space, moves with the arrows.
const MOUSE = { activationConstraint: { distance: 5 } };
const TOUCH = { activationConstraint: { delay: 200, tolerance: 5 } };
const KEYS = { coordinateGetter: sortableKeyboardCoordinates };
/**
 * dnd-kit scrolls the track while the dragged card is within 20 % of its edge, faster the
 * longer it stays: in a widget a few cards wide, one slot to the right is already in that
 * zone, and with the track snapping card by card every tick jumped a whole card, so a drag of
 * the first of 75 cards ran the track 13,012 px to its end and dropped there (issue 27). Only
 * the outer 5 % scrolls, slowly; the track does not snap while a card is lifted (quotes.css).
 */
export const QUOTE_AUTO_SCROLL = { threshold: { x: 0.05, y: 0.05 }, acceleration: 2 } as const;

interface SortableQuotesProps {
  symbols: readonly string[];
  axis: 'x' | 'y';
  onDrop(symbol: string, over: string): void;
  children: ReactNode;
}

export function SortableQuotes({ symbols, axis, onDrop, children }: SortableQuotesProps) {
  const sensors = useSensors(
    useSensor(MouseSensor, MOUSE),
    useSensor(TouchSensor, TOUCH),
    useSensor(KeyboardSensor, KEYS),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onDrop(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      autoScroll={QUOTE_AUTO_SCROLL}
      onDragEnd={onDragEnd}
    >
      <SortableContext
        items={symbols as string[]}
        strategy={axis === 'x' ? horizontalListSortingStrategy : verticalListSortingStrategy}
      >
        {children}
      </SortableContext>
    </DndContext>
  );
}

/**
 * One draggable quote: its element ref and position (set as the `style` property, i.e. through
 * the CSSOM, which the CSP's style-src does not govern), and the grip's props. Disabled while
 * the view is sorted: dragging a sorted view would save an order nobody sees.
 */
export function useSortableQuote(symbol: string, disabled: boolean) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: symbol, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  const grip = { ref: setActivatorNodeRef, ...attributes, ...listeners };
  return { ref: setNodeRef, style, grip, isDragging };
}

/** The drag handle of a card or a row, given the grip props from `useSortableQuote`. */
export function QuoteGrip({
  symbol,
  grip,
}: {
  symbol: string;
  grip: ReturnType<typeof useSortableQuote>['grip'];
}) {
  return (
    <button type="button" className="quote-grip" aria-label={quotesText.dragHandle(symbol)} {...grip}>
      <GripVertical size={ICON_SIZE} aria-hidden="true" />
    </button>
  );
}
