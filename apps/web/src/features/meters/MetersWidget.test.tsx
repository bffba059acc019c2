import { METERS_PATH, metersResponseSchema } from '@tapeline/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, ok, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { widgetProps } from '../../test-setup/widgetProps.ts';
import { MetersWidget } from './MetersWidget.tsx';
import { metersText } from './metersText.ts';

const quotes = ok(metersResponseSchema, {
  success: true,
  data: [
    { s: 'DIA', last: 402, prevClose: 400, atr: 4, change: 2 },
    { s: 'QQQ', last: 495, prevClose: 500, atr: 10, change: -5 },
    { s: 'SPY', last: null, prevClose: null, atr: null, change: null },
  ],
});

describe('MetersWidget', () => {
  it('draws DOW, NAZ and SPY with their move in ATRs and percent', async () => {
    const api = withDataHost(fakeApi()).on(`GET ${METERS_PATH}`, quotes);
    renderUi(<MetersWidget {...widgetProps('meters')} />);

    expect(await screen.findByRole('img', { name: 'DOW: +0.50 ATR, +0.50%' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'NAZ: -0.50 ATR, -1.00%' })).toBeInTheDocument();
    // A symbol without an ATR yet shows no figure rather than a wrong one.
    expect(screen.getByRole('img', { name: 'SPY: no reading' })).toBeInTheDocument();
    // The data host is asked with its own token, not the session's.
    expect(api.calls(`GET ${METERS_PATH}`)[0]?.authorization).toBe('Bearer data-token');
  });

  it('lights the tiles on the side of the move', async () => {
    withDataHost(fakeApi()).on(`GET ${METERS_PATH}`, quotes);
    const { container } = renderUi(<MetersWidget {...widgetProps('meters')} />);
    const dow = await screen.findByRole('img', { name: /^DOW: \+0\.50/ });
    expect(dow.querySelectorAll('.is-lit').length).toBeGreaterThan(0);
    expect(container.querySelector('[data-symbol="SPY"] .is-lit')).toBeNull();
  });

  it('greys the gauges and says so when the data host fails', async () => {
    withDataHost(fakeApi()).on(`GET ${METERS_PATH}`, fail(503, 'service_unavailable'));
    renderUi(<MetersWidget {...widgetProps('meters')} />);
    expect(await screen.findByRole('status')).toHaveTextContent(metersText.unavailable);
    expect(screen.getByTestId('meters-meters')).toHaveClass('is-unavailable');
  });
});
