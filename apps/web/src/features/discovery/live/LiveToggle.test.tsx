import {
  applyDiscoveryPatch,
  DISCOVERY_LIVE_EVENTS,
  PROTOCOL_VERSION,
  type ServedDiscoveryRow,
  type TimeframeId,
} from '@tapeline/core';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { emit, socket } from '../../../test-setup/fakeSocket.ts';
import { renderUi } from '../../../test-setup/render.tsx';
import { servedRow } from '../table/discoveryFixtures.ts';
import { DISCOVERY_LIVE_KEY, useDiscoveryLive } from './discoveryLive.ts';
import { LiveToggle, useLiveMode } from './LiveToggle.tsx';

// The socket is the network here: the tab's socket is replaced by a hand-fed one.
vi.mock('../../../lib/tabSocket.ts', () => import('../../../test-setup/fakeSocket.ts'));

type Row = ServedDiscoveryRow;
/** A whole served row (patches are checked as fetched rows are) at a last price. */
const at = (s: string, l: number): Row => servedRow(s, { l });
const START: Row[] = [at('ABC', 1), at('XYZ', 2)];

/** What the Discovery widget does with the toggle: rows merged from each patch while live. */
function Harness({ start }: { start: TimeframeId }) {
  const [tf, setTf] = useState(start);
  const [live, setLive] = useLiveMode();
  const [rows, setRows] = useState(START);
  useDiscoveryLive(
    tf,
    live,
    (patch) => setRows((current) => applyDiscoveryPatch(current, patch)),
    () => setLive(false),
  );
  return (
    <>
      <LiveToggle live={live} onToggle={setLive} />
      <button type="button" onClick={() => setTf('15min')}>
        15min
      </button>
      <output data-testid="rows">{rows.map((r) => `${r.s}@${r.l}`).join(' ')}</output>
    </>
  );
}

const listeners = () => socket.listeners.get(DISCOVERY_LIVE_EVENTS.patch)?.size ?? 0;
const patch = (tf: string, rows: Row[], removed: string[] = []) => ({
  v: PROTOCOL_VERSION,
  tf,
  ts: 1,
  rows,
  removed,
});
const rowsText = () => screen.getByTestId('rows').textContent;

describe('Discovery live toggle', () => {
  it('is off by default: the socket is not asked for patches', () => {
    renderUi(<Harness start="1day" />);
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'false');
    expect(listeners()).toBe(0);
  });

  it('turned on, joins the timeframe’s room and merges its patches; other timeframes and bad ones are dropped', async () => {
    const { user } = renderUi(<Harness start="1day" />);
    await user.click(screen.getByRole('button', { name: 'Live' }));
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(DISCOVERY_LIVE_KEY)).toBe('on');
    expect(socket.rooms.get(DISCOVERY_LIVE_EVENTS.patch)).toEqual({
      join: [DISCOVERY_LIVE_EVENTS.subscribe, { v: PROTOCOL_VERSION, tf: '1d' }],
      leave: [DISCOVERY_LIVE_EVENTS.unsubscribe, { v: PROTOCOL_VERSION }],
    });

    emit(DISCOVERY_LIVE_EVENTS.patch, patch('1day', [at('XYZ', 2.5), at('NEW', 9)], ['ABC']));
    expect(rowsText()).toBe('XYZ@2.5 NEW@9');
    emit(DISCOVERY_LIVE_EVENTS.patch, patch('15min', [at('XYZ', 100)]));
    emit(DISCOVERY_LIVE_EVENTS.patch, { ...patch('1day', [at('XYZ', 100)]), v: PROTOCOL_VERSION + 1 });
    emit(DISCOVERY_LIVE_EVENTS.patch, patch('1day', [{ ...at('XYZ', 100), s: '' }]));
    expect(rowsText()).toBe('XYZ@2.5 NEW@9');
    emit(DISCOVERY_LIVE_EVENTS.patch, { ...patch('1day', [at('ONLY', 1)]), full: true });
    expect(rowsText()).toBe('ONLY@1');

    // Off again: the listener goes (the room's leave is sent) and the choice is forgotten.
    await user.click(screen.getByRole('button', { name: 'Live' }));
    expect(listeners()).toBe(0);
    expect(localStorage.getItem(DISCOVERY_LIVE_KEY)).toBeNull();
  });

  it('turns itself off when the server ends live mode (the plan no longer opens Discovery)', async () => {
    localStorage.setItem(DISCOVERY_LIVE_KEY, 'on');
    renderUi(<Harness start="1day" />);
    expect(listeners()).toBe(1);
    emit(DISCOVERY_LIVE_EVENTS.ended, { v: PROTOCOL_VERSION, reason: 'other' });
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    emit(DISCOVERY_LIVE_EVENTS.ended, { v: PROTOCOL_VERSION, reason: 'upgrade' });
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'false');
    expect(listeners()).toBe(0);
    expect(localStorage.getItem(DISCOVERY_LIVE_KEY)).toBeNull();
  });

  it('is remembered per browser, and follows a change of timeframe', async () => {
    localStorage.setItem(DISCOVERY_LIVE_KEY, 'on');
    const { user } = renderUi(<Harness start="1day" />);
    expect(screen.getByRole('button', { name: 'Live' })).toHaveAttribute('aria-pressed', 'true');
    expect(listeners()).toBe(1);
    await user.click(screen.getByRole('button', { name: '15min' }));
    expect(listeners()).toBe(1);
    expect(socket.rooms.get(DISCOVERY_LIVE_EVENTS.patch)).toMatchObject({
      join: [DISCOVERY_LIVE_EVENTS.subscribe, { v: PROTOCOL_VERSION, tf: '15m' }],
    });
  });
});
