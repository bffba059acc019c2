import { discoveryMessages } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../../test-setup/render.tsx';
import { popupsText } from './popupsText.ts';
import { TrendPopup, trendSignal } from './TrendPopup.tsx';

const anchor = { left: 10, top: 10, right: 60, bottom: 30 };

describe('Discovery trend popup (§2)', () => {
  it('says BUY at the price for an up trend and SELL for a down one (4 decimals under $1)', () => {
    expect(trendSignal([1, 12.3])).toBe('BUY at 12.30');
    expect(trendSignal([-1, 0.5123])).toBe('SELL at 0.5123');
    expect(trendSignal(null)).toBeNull();
    expect(trendSignal([0, 5])).toBeNull();
  });

  it('shows the signal, Data unavailable. without a trend, and Close closes it', async () => {
    const onClose = vi.fn();
    const { user, rerender } = renderUi(
      <TrendPopup symbol="AMD" trend={[-1, 101.5]} anchor={anchor} onClose={onClose} />,
    );
    const popup = screen.getByRole('dialog', { name: popupsText.trendOf('AMD') });
    expect(popup).toHaveTextContent('SELL at 101.50');
    await user.click(within(popup).getByRole('button', { name: popupsText.close }));
    expect(onClose).toHaveBeenCalled();
    rerender(<TrendPopup symbol="AMD" trend={null} anchor={anchor} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: popupsText.trendOf('AMD') })).toHaveTextContent(
      discoveryMessages.dataUnavailable,
    );
  });

  it('Escape closes it', async () => {
    const onClose = vi.fn();
    const { user } = renderUi(<TrendPopup symbol="AMD" trend={[1, 3]} anchor={anchor} onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
