import { FILTER_COLUMNS, type FilteredAlert, filteredAlertSchema, filterMessages } from '@tapeline/core';
import { describe, expect, it } from 'vitest';
import {
  alertOf,
  canAddRow,
  columnChoices,
  draftOf,
  draftProblem,
  emptyDraft,
  type FilterDraft,
  newRow,
  type RowDraft,
  squeezeAllowed,
} from './filterDraft.ts';
import { notificationsText } from './notificationsText.ts';

const SAVED: FilteredAlert = {
  name: 'Runners',
  type: 'any',
  values: {
    last: { min: 2, max: 20 },
    uVol: { min: 300 },
    squeeze: { min: { NOW: true, POST: -3 } },
    trend: { min: 'down' },
  },
  sector: { min: [9, 2] },
  timeframe: { min: '1hr' },
};

function draft(rows: Partial<RowDraft>[], overrides: Partial<FilterDraft> = {}): FilterDraft {
  const built: RowDraft[] = [];
  for (const r of rows) built.push({ ...newRow(built), ...r });
  return { ...emptyDraft(), name: 'Gappers', rows: built, sectors: [1], timeframe: '1day', ...overrides };
}

describe('filter draft', () => {
  it('round-trips a saved filter through the form unchanged (sectors sorted)', () => {
    const back = alertOf(draftOf(SAVED));
    expect(filteredAlertSchema.parse(back)).toEqual({ ...SAVED, sector: { min: [2, 9] } });
  });

  it('starts empty: one blank row, no sectors, no timeframe', () => {
    const d = emptyDraft();
    expect(d.rows).toHaveLength(1);
    expect(d.rows[0]?.column).toBe('');
    expect(d.sectors).toEqual([]);
    expect(d.timeframe).toBe('');
  });

  it('names the §5 problems in order', () => {
    expect(draftProblem(draft([{ column: 'gap', min: '5' }], { name: ' ' }), [])).toBe(
      filterMessages.nameRequired,
    );
    expect(draftProblem(draft([{ column: 'gap', min: '5' }], { name: 'runners' }), [SAVED])).toBe(
      filterMessages.nameTaken,
    );
    expect(draftProblem(draft([]), [])).toBe(filterMessages.rowRequired);
    expect(draftProblem(draft([{ column: 'gap', min: '5' }, {}]), [])).toBe(notificationsText.columnRequired);
    expect(draftProblem(draft([{ column: 'gap' }]), [])).toBe(filterMessages.rangeRequired);
    expect(draftProblem(draft([{ column: 'gap', min: '5', max: '2' }]), [])).toBe(filterMessages.maxBelowMin);
    expect(draftProblem(draft([{ column: 'vWapDist' }]), [])).toBe(filterMessages.singleValue);
    expect(draftProblem(draft([{ column: 'squeeze' }]), [])).toBe(filterMessages.squeezeOption);
    const pre0 = { pre: true, preValue: '0', now: false, post: false, postValue: '-2' };
    expect(draftProblem(draft([{ column: 'squeeze', squeeze: pre0 }]), [])).toBe(filterMessages.squeezePre);
    expect(draftProblem(draft([{ column: 'gap', min: '1' }], { sectors: [] }), [])).toBe(
      filterMessages.sectorRequired,
    );
    expect(draftProblem(draft([{ column: 'gap', min: '1' }], { timeframe: '' }), [])).toBe(
      filterMessages.timeframeRequired,
    );
    expect(draftProblem(draft([{ column: 'gap', min: '1' }]), [SAVED])).toBeNull();
  });

  it('keeps its own name when edited (the caller leaves it out of the others)', () => {
    expect(draftProblem(draftOf(SAVED), [])).toBeNull();
  });

  it('offers each column to one row only, and never trend with trend_change', () => {
    const d = draft([{ column: 'gap', min: '1' }, { column: 'trend' }, {}]);
    const third = d.rows[2]?.id ?? 0;
    const choices = columnChoices(d.rows, third);
    expect(choices).not.toContain('gap');
    expect(choices).not.toContain('trend');
    expect(choices).not.toContain('trend_change');
    expect(choices).toContain('atr');
    // The row itself keeps its own column among its choices.
    expect(columnChoices(d.rows, d.rows[0]?.id ?? 0)).toContain('gap');
  });

  it('allows as many rows as there are columns', () => {
    const rows: RowDraft[] = [];
    for (const column of FILTER_COLUMNS.slice(0, -1)) rows.push({ ...newRow(rows), column });
    expect(canAddRow(rows)).toBe(true);
    rows.push(newRow(rows));
    expect(canAddRow(rows)).toBe(false);
  });

  it('squeeze: PRE and POST exclude each other; NOW is closed while both are on', () => {
    const off = { pre: false, preValue: '7', now: false, post: false, postValue: '-2' };
    expect(squeezeAllowed(off)).toEqual({ pre: true, now: true, post: true });
    expect(squeezeAllowed({ ...off, pre: true })).toEqual({ pre: true, now: true, post: false });
    expect(squeezeAllowed({ ...off, post: true })).toEqual({ pre: false, now: true, post: true });
    expect(squeezeAllowed({ ...off, pre: true, post: true }).now).toBe(false);
  });
});
