import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DISCOVERY_COLUMNS,
  type DiscoveryColumn,
  type DiscoveryColumnId,
  type DiscoveryDensity,
  type DiscoveryDisplayRow,
  type DiscoverySort,
  discoveryRowHeight,
  type SortableColumnId,
} from '@tapeline/core';
import { memo, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { ICON_SIZE, Lock } from '../../../ui/icons.ts';
import { discoveryText as text } from '../discoveryText.ts';
import { type CellContext, cellContent, UpgradeButton } from './cells.tsx';

type Row = DiscoveryDisplayRow;

export interface DiscoveryTableProps {
  /** Rows already filtered and sorted; only the first `index` are listed (spec §4 paging). */
  rows: readonly Row[];
  /** Standard: the spec's 65 px rows; compact: one line each (issue 27 item 11). */
  density?: DiscoveryDensity;
  sort: DiscoverySort;
  onSort(column: SortableColumnId): void;
  /** Columns hidden by configuration. */
  hidden: ReadonlySet<string>;
  /** Columns the plan may not see: shown locked with an upgrade button. */
  locked: ReadonlySet<string>;
  cell: CellContext;
  /** The Actions cell (the popups and alert menu). */
  renderActions?: (row: Row) => ReactNode;
  /** The table was scrolled to its end: show more rows. */
  onReachEnd(): void;
  /** Shown instead of rows (the empty state). */
  empty?: ReactNode;
}

/** aria-sort of a header under the current sort; squeeze's 'now' has no direction. */
function ariaSort(id: string, sort: DiscoverySort): 'ascending' | 'descending' | 'none' | 'other' {
  if (sort.column !== id) return 'none';
  if (sort.dir === 'now') return 'other';
  return sort.dir.endsWith('asc') ? 'ascending' : 'descending';
}

/**
 * The Discovery table (spec §2): the 15 columns in order, rows 65 px high (or compact), of which only those
 * in view are in the DOM. TanStack Table holds the column model (visibility); the rows arrive
 * sorted by core's compareRows, so the table does no sorting of its own.
 */
export function DiscoveryTable(props: DiscoveryTableProps) {
  const { rows, sort, onSort, hidden, locked, cell, renderActions, onReachEnd, empty } = props;
  const rowHeight = discoveryRowHeight(props.density);
  const columns = useMemo<ColumnDef<Row>[]>(
    () =>
      DISCOVERY_COLUMNS.map((c) => ({
        id: c.id,
        header: c.label,
        meta: c,
      })),
    [],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(DISCOVERY_COLUMNS.map((c) => [c.id, !hidden.has(c.id)])),
    [hidden],
  );
  const table = useReactTable<Row>({
    data: rows as Row[],
    columns,
    state: { columnVisibility },
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.symbol,
    manualSorting: true,
  });
  const model = table.getRowModel().rows;
  const visibleKey = table
    .getVisibleLeafColumns()
    .map((v) => v.id)
    .join(',');
  // One array per visible set, so the memoised rows re-render only when a row changes.
  const visible = useMemo(() => visibleKey.split(','), [visibleKey]);

  const scroller = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: model.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    getItemKey: (index) => model[index]?.id ?? index,
  });
  // Rows are not measured: a density change re-lays the offsets from the new estimate.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger.
  useEffect(() => virtual.measure(), [virtual, rowHeight]);
  const items = virtual.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtual.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  const onScroll = () => {
    const el = scroller.current;
    // 100 % scroll: the last pixel is in view (1 px of slack for fractional zoom).
    if (el && el.scrollTop + el.clientHeight >= el.scrollHeight - 1) onReachEnd();
  };

  const header = (h: Header<Row, unknown>) => {
    const c = h.column.columnDef.meta as DiscoveryColumn;
    const isLocked = locked.has(c.id);
    const label = flexRender(h.column.columnDef.header, h.getContext());
    return (
      <th
        key={h.id}
        scope="col"
        data-col={c.id}
        aria-sort={c.sortable ? ariaSort(c.id, sort) : undefined}
        data-sort={sort.column === c.id ? sort.dir : undefined}
      >
        {c.sortable ? (
          <button type="button" className="dv-sort" onClick={() => onSort(c.id as SortableColumnId)}>
            {label}
            {sort.column === c.id && <span className="dv-sort-mark">{text.sortMarks[sort.dir]}</span>}
          </button>
        ) : (
          <span>{label}</span>
        )}
        {isLocked && <UpgradeButton column={c.label} />}
      </th>
    );
  };

  return (
    <div className="dv-scroll" ref={scroller} onScroll={onScroll} data-testid="discovery-scroll">
      <table className="dv-table" aria-label={text.table} aria-rowcount={rows.length + 1}>
        <thead>
          <tr>{table.getHeaderGroups()[0]?.headers.map(header)}</tr>
        </thead>
        <tbody>
          {top > 0 && <tr className="dv-spacer" style={{ height: top }} />}
          {items.map((item) => {
            const row = model[item.index];
            return row ? (
              <DiscoveryRow
                key={row.id}
                row={row.original}
                columns={visible}
                locked={locked}
                cell={cell}
                renderActions={renderActions}
                height={rowHeight}
              />
            ) : null;
          })}
          {bottom > 0 && <tr className="dv-spacer" style={{ height: bottom }} />}
        </tbody>
      </table>
      {empty}
    </div>
  );
}

const DiscoveryRow = memo(function DiscoveryRow({
  row,
  columns,
  locked,
  cell,
  renderActions,
  height,
}: {
  row: Row;
  height: number;
  columns: readonly string[];
  locked: ReadonlySet<string>;
  cell: CellContext;
  renderActions: DiscoveryTableProps['renderActions'];
}) {
  return (
    <tr data-symbol={row.symbol} style={{ height }}>
      {columns.map((id) => (
        <td key={id} data-col={id} className={id === 'symbol' ? 'dv-sym' : 'num'}>
          {locked.has(id) ? (
            <span className="dv-locked" title={text.locked} role="img" aria-label={text.locked}>
              <Lock size={ICON_SIZE} aria-hidden="true" />
            </span>
          ) : id === 'actions' && renderActions ? (
            renderActions(row)
          ) : (
            cellContent(id as DiscoveryColumnId, row, cell)
          )}
        </td>
      ))}
    </tr>
  );
});
