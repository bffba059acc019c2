import { describe, expect, it } from 'vitest';
import { defaultCells } from './defaultCells.ts';
import { WIDGET_IDS } from './widgets.ts';

// Issue 27 item 11: the default layout for momentum. Under the top bars a 1440 × 900 screen (xl)
// holds 25 grid rows, a 1920 × 1080 one (xxl) 30; a 390 × 844 phone 22 before it scrolls.

const bottom = (c: { y: number; h: number }) => c.y + c.h;

describe('the default layout for momentum', () => {
  it('puts every widget above the fold at xl (25 rows) and xxl (30 rows), Discovery nine columns wide', () => {
    for (const [bp, rows] of [
      ['xl', 25],
      ['xxl', 30],
    ] as const)
      for (const streams of [1, 2] as const) {
        const cells = defaultCells(bp, streams);
        for (const id of WIDGET_IDS) {
          if (id === 'stream2' && streams === 1) continue;
          expect(bottom(cells[id] as { y: number; h: number }), `${bp}/${streams}/${id}`).toBeLessThanOrEqual(
            rows,
          );
        }
        expect(cells.discovery?.w).toBe(9);
      }
  });

  it('puts both streams first on a phone, together within its first screen', () => {
    for (const bp of ['xs', 'sm'] as const) {
      const cells = defaultCells(bp, 2);
      const streamEnd = Math.max(
        bottom(cells.stream1 as { y: number; h: number }),
        bottom(cells.stream2 as { y: number; h: number }),
      );
      expect(streamEnd).toBeLessThanOrEqual(22);
      for (const id of WIDGET_IDS)
        if (id !== 'stream1' && id !== 'stream2') expect(cells[id]?.y, id).toBeGreaterThanOrEqual(streamEnd);
    }
  });
});
