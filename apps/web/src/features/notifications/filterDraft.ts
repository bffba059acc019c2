import {
  FILTER_COLUMNS,
  type FilterColumn,
  type FilteredAlert,
  type FilterRange,
  type FilterValues,
  filteredAlertProblem,
  filterMessages,
  SINGLE_VALUE_COLUMNS,
  SQUEEZE_POST_DEFAULT,
  SQUEEZE_PRE_DEFAULT,
  type SqueezeValue,
  type TimeframeId,
  type TrendDirection,
} from '@tapeline/core';
import { z } from 'zod';
import { notificationsText } from './notificationsText.ts';

// The Filtered Alert modal's form as typed (strings, as inputs hold them), and its way to and
// from core's FilteredAlert. The §5 rules themselves are core's filteredAlertProblem.

export type ColumnKind = 'range' | 'single' | 'squeeze' | 'trend';

export interface SqueezeDraft {
  pre: boolean;
  preValue: string;
  now: boolean;
  post: boolean;
  postValue: string;
}

export interface RowDraft {
  id: number;
  column: FilterColumn | '';
  min: string;
  max: string;
  direction: TrendDirection;
  squeeze: SqueezeDraft;
}

export interface FilterDraft {
  name: string;
  type: 'all' | 'any';
  rows: RowDraft[];
  sectors: number[];
  timeframe: TimeframeId | '';
}

/**
 * The draft's fields as a form schema (ui/form formRules): the fields are only typed here; the
 * §5 rules run over the whole draft (core's filteredAlertProblem or smartFilterProblem). Shared by
 * the Filtered Alert and the Discovery smart-filter modals.
 */
export const filterDraftShape = {
  name: z.string(),
  type: z.enum(['all', 'any']),
  rows: z.array(z.custom<RowDraft>()),
  sectors: z.array(z.number()),
  timeframe: z.string(),
};

export function columnKind(column: FilterColumn): ColumnKind {
  if (column === 'squeeze') return 'squeeze';
  if (column === 'trend' || column === 'trend_change') return 'trend';
  return (SINGLE_VALUE_COLUMNS as readonly string[]).includes(column) ? 'single' : 'range';
}

const emptySqueeze = (): SqueezeDraft => ({
  pre: false,
  preValue: String(SQUEEZE_PRE_DEFAULT),
  now: false,
  post: false,
  postValue: String(SQUEEZE_POST_DEFAULT),
});

/** A blank row with an id no other row has. */
export function newRow(rows: readonly RowDraft[]): RowDraft {
  const id = rows.reduce((top, r) => Math.max(top, r.id), 0) + 1;
  return { id, column: '', min: '', max: '', direction: 'up', squeeze: emptySqueeze() };
}

export function emptyDraft(): FilterDraft {
  return { name: '', type: 'all', rows: [newRow([])], sectors: [], timeframe: '' };
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** A saved filter, ready to edit. */
export function draftOf(alert: FilteredAlert): FilterDraft {
  const rows: RowDraft[] = [];
  for (const column of FILTER_COLUMNS) {
    const raw = alert.values[column];
    if (!raw) continue;
    const row = { ...newRow(rows), column };
    if (column === 'squeeze') {
      const s = (raw as SqueezeValue).min;
      row.squeeze = {
        pre: s.PRE !== null && s.PRE !== undefined,
        preValue: text(s.PRE ?? SQUEEZE_PRE_DEFAULT),
        now: s.NOW === true,
        post: s.POST !== null && s.POST !== undefined,
        postValue: text(s.POST ?? SQUEEZE_POST_DEFAULT),
      };
    } else if (column === 'trend' || column === 'trend_change') {
      row.direction = (raw as { min: TrendDirection }).min;
    } else {
      row.min = text((raw as FilterRange).min);
      row.max = text((raw as FilterRange).max);
    }
    rows.push(row);
  }
  return {
    name: alert.name,
    type: alert.type,
    rows: rows.length > 0 ? rows : [newRow([])],
    sectors: [...alert.sector.min],
    timeframe: alert.timeframe.min,
  };
}

/** A typed number: blank (or not a number) is no value. */
export function parseNumber(raw: string): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The rows as core's values map (rows without a column are left out). */
export function valuesOf(rows: readonly RowDraft[]): FilterValues {
  const values: Record<string, unknown> = {};
  for (const row of rows) {
    if (row.column === '') continue;
    const kind = columnKind(row.column);
    if (kind === 'squeeze') {
      const s = row.squeeze;
      values.squeeze = {
        min: {
          ...(s.now ? { NOW: true } : {}),
          ...(s.pre ? { PRE: parseNumber(s.preValue) } : {}),
          ...(s.post ? { POST: parseNumber(s.postValue) } : {}),
        },
      };
    } else if (kind === 'trend') values[row.column] = { min: row.direction };
    else if (kind === 'single') values[row.column] = { min: parseNumber(row.min) };
    else values[row.column] = { min: parseNumber(row.min), max: parseNumber(row.max) };
  }
  return values as FilterValues;
}

/** Spec §5, in its order: the first problem of the form, or null when it may be sent. */
export function draftProblem(draft: FilterDraft, others: readonly { name: string }[]): string | null {
  const problem = filteredAlertProblem(
    {
      name: draft.name,
      values: valuesOf(draft.rows),
      sector: { min: draft.sectors },
      timeframe: { min: draft.timeframe || undefined },
    },
    others,
  );
  if (problem === filterMessages.nameRequired || problem === filterMessages.nameTaken) return problem;
  if (draft.rows.length === 0) return filterMessages.rowRequired;
  if (draft.rows.some((r) => r.column === '')) return notificationsText.columnRequired;
  return problem;
}

/** The filter as saved; call only once draftProblem is null. */
export function alertOf(draft: FilterDraft): FilteredAlert {
  return {
    name: draft.name.trim(),
    type: draft.type,
    values: valuesOf(draft.rows),
    sector: { min: [...draft.sectors].sort((a, b) => a - b) },
    timeframe: { min: draft.timeframe as TimeframeId },
  };
}

/**
 * The columns a row may pick: none another row uses (§5 one row per column), and neither of
 * trend and trend_change when the other is in use (§4).
 */
export function columnChoices(rows: readonly RowDraft[], rowId: number): FilterColumn[] {
  const taken = new Set(rows.filter((r) => r.id !== rowId && r.column !== '').map((r) => r.column));
  if (taken.has('trend')) taken.add('trend_change');
  if (taken.has('trend_change')) taken.add('trend');
  return FILTER_COLUMNS.filter((c) => !taken.has(c));
}

/** §5: no more rows than there are columns. */
export const canAddRow = (rows: readonly RowDraft[]) => rows.length < FILTER_COLUMNS.length;

/** §4: PRE and POST exclude each other; NOW cannot be chosen while both are on. */
export function squeezeAllowed(s: SqueezeDraft): { pre: boolean; now: boolean; post: boolean } {
  return { pre: !s.post, post: !s.pre, now: s.now || !(s.pre && s.post) };
}
