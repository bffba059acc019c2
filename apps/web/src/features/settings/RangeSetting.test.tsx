import { STREAM_RANGES } from '@tapeline/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SLIDER_DEBOUNCE_MS } from '../../ui/useDraft.ts';
import { RangeSetting } from './RangeSetting.tsx';
import type { Range } from './rangeScale.ts';

function Harness({ initial, locked = false }: { initial: Range; locked?: boolean }) {
  const [range, setRange] = useState(initial);
  return (
    <MemoryRouter>
      <RangeSetting
        rangeKey="price"
        label="Price"
        range={range}
        onChange={setRange}
        locked={locked}
        proPlus={locked}
      />
      <p>
        stored {range.min}–{range.max}
      </p>
    </MemoryRouter>
  );
}

const min = () => screen.getByRole('textbox', { name: 'Minimum Price' });
const max = () => screen.getByRole('textbox', { name: 'Maximum Price' });

describe('RangeSetting', () => {
  it('shows the range as typed bounds, the unbounded top as "Any"', () => {
    render(<Harness initial={{ min: 1, max: STREAM_RANGES.price.max }} />);
    expect(screen.getByRole('group', { name: /Price/ })).toBeInTheDocument();
    expect(min()).toHaveValue('1');
    expect(max()).toHaveValue('');
    expect(max()).toHaveAttribute('placeholder', expect.stringContaining('∞'));
  });

  it('takes a typed bound once the field is left, and stores it after the debounce', async () => {
    render(<Harness initial={{ min: 1, max: 20 }} />);
    await userEvent.clear(min());
    await userEvent.type(min(), '5');
    await userEvent.tab();
    expect(min()).toHaveValue('5');
    await act(() => new Promise((resolve) => setTimeout(resolve, SLIDER_DEBOUNCE_MS + 50)));
    expect(screen.getByText('stored 5–20')).toBeInTheDocument();
  });

  it('marks a bound it cannot read as invalid while typing', async () => {
    render(<Harness initial={{ min: 1, max: 20 }} />);
    await userEvent.tripleClick(max());
    await userEvent.keyboard('abc');
    expect(max()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.tab();
    // Left unreadable, the bound goes back to what is stored.
    expect(max()).toHaveValue('20');
    expect(max()).toHaveAttribute('aria-invalid', 'false');
  });

  it('the sliders move the bounds, the min thumb never past the max', () => {
    vi.useFakeTimers();
    render(<Harness initial={{ min: 1, max: 20 }} />);
    const minThumb = screen.getByRole('slider', { name: 'Minimum Price' });
    const maxThumb = screen.getByRole('slider', { name: 'Maximum Price' });
    fireEvent.change(minThumb, { target: { value: maxThumb.getAttribute('aria-valuemax') } });
    expect(Number((minThumb as HTMLInputElement).value)).toBeLessThanOrEqual(
      Number((maxThumb as HTMLInputElement).value),
    );
    act(() => vi.advanceTimersByTime(SLIDER_DEBOUNCE_MS));
    expect(screen.getByText(/stored 20–20/)).toBeInTheDocument();
  });

  it('a locked range shows its full span, cannot be changed and offers the upgrade', () => {
    render(<Harness initial={{ min: 1, max: 20 }} locked />);
    expect(min()).toBeDisabled();
    expect(max()).toBeDisabled();
    for (const thumb of screen.getAllByRole('slider')) expect(thumb).toBeDisabled();
    expect(min()).toHaveValue('0');
    expect(screen.getByRole('link', { name: 'Upgrade' })).toBeInTheDocument();
  });
});
