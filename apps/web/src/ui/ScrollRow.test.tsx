import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollRow } from './ScrollRow.tsx';

/** jsdom lays nothing out: the row shows `shown` px of items `total` px wide. */
function laidOut(shown: number, total: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('scroll-row__list') ? shown : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('scroll-row__list') ? total : 0;
  });
}

function renderRow(earlierLabel?: string) {
  render(
    <ScrollRow as="fieldset" label="Widgets" moreLabel="More" earlierLabel={earlierLabel}>
      <button type="button">ONE</button>
      <button type="button">TWO</button>
    </ScrollRow>,
  );
  return screen.getByRole('group', { name: 'Widgets' });
}

describe('ScrollRow', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows no cue and fades no edge while everything fits', () => {
    laidOut(300, 300);
    const row = renderRow('Earlier');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Earlier' })).toBeNull();
    expect(row.parentElement).not.toHaveAttribute('data-more-after');
    expect(row.parentElement).not.toHaveAttribute('data-more-before');
  });

  it('says there is more after, scrolls most of a width on, then says there is more before', async () => {
    laidOut(300, 800);
    const row = renderRow('Earlier');
    expect(row.parentElement).toHaveAttribute('data-more-after', 'true');
    expect(screen.queryByRole('button', { name: 'Earlier' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(row.scrollLeft).toBe(240);
    expect(row.parentElement).toHaveAttribute('data-more-before', 'true');
    expect(await screen.findByRole('button', { name: 'Earlier' })).toBeInTheDocument();

    // At the end: nothing more after, and the cue that said so goes.
    row.scrollLeft = 500;
    fireEvent.scroll(row);
    expect(row.parentElement).not.toHaveAttribute('data-more-after');
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Earlier' }));
    expect(row.scrollLeft).toBe(260);
  });

  it('offers no cue back without a label for it, though the start edge fades', () => {
    laidOut(300, 800);
    const row = renderRow();
    row.scrollLeft = 500;
    fireEvent.scroll(row);
    expect(row.parentElement).toHaveAttribute('data-more-before', 'true');
    expect(screen.queryAllByRole('button', { name: /More|Earlier/ })).toEqual([]);
  });
});
