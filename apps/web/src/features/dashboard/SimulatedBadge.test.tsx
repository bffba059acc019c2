import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test-setup/fakeApi.ts';
import { configAnswer } from '../../test-setup/fixtures.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { SimulatedBadge } from './SimulatedBadge.tsx';

const config = (simulated: boolean) => configAnswer({ simulated });

describe('SimulatedBadge', () => {
  it('says SIMULATED while the feed is the built-in simulator', async () => {
    fakeApi().on('GET /api/config', config(true));
    renderUi(<SimulatedBadge />);
    expect(await screen.findByText('SIMULATED')).toBeInTheDocument();
    const badge = screen.getByTestId('simulated');
    expect(badge).toHaveAttribute('title', 'Prices come from the built-in market simulator');
    // One word for every width (a phone once read a clipped "SIM").
    expect(badge).toHaveTextContent(/^SIMULATED$/);
    expect(screen.queryByText('SIM')).not.toBeInTheDocument();
  });

  it('shows nothing on a real feed', async () => {
    const api = fakeApi().on('GET /api/config', config(false));
    renderUi(<SimulatedBadge />);
    await waitFor(() => expect(api.calls('GET /api/config')).toHaveLength(1));
    expect(screen.queryByText('SIMULATED')).not.toBeInTheDocument();
  });
});
