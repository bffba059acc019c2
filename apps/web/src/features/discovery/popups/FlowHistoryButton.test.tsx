import { discoveryMessages } from '@tapeline/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, fakeApi, withDataHost } from '../../../test-setup/fakeApi.ts';
import { renderUi } from '../../../test-setup/render.tsx';
import { overlays, SymbolOverlays, symbolText } from '../../symbols/index.ts';
import { MoneyFlowButton, VolumeHistoryButton } from './FlowHistoryButton.tsx';
import { popupsText } from './popupsText.ts';

afterEach(() => overlays.close());

function renderCells() {
  return renderUi(
    <>
      <VolumeHistoryButton symbol="NVDA">1.2m</VolumeHistoryButton>
      <MoneyFlowButton symbol="NVDA">$3.4m</MoneyFlowButton>
      <SymbolOverlays />
    </>,
  );
}

const panel = (kind: 'volume' | 'moneyFlow') =>
  screen.getByRole('dialog', { name: `NVDA ${symbolText.panelTitle[kind]}` });

describe('Discovery volume and money-flow history popups (§2)', () => {
  it('a Volume cell click shows the volume per timeframe', async () => {
    withDataHost(fakeApi()).on('GET /data/real-volume/NVDA', {
      status: 200,
      body: { success: true, data: { '15min': [120_000, 12.25], '1day': [2_500_000, -3.5] } },
    });
    const { user } = renderCells();
    await user.click(screen.getByRole('button', { name: popupsText.volumeOf('NVDA') }));
    const rows = within(await within(panel('volume')).findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['15m', '1D']);
  });

  it('a right-click on Money Flow opens it too; a failed fetch says Data unavailable.', async () => {
    withDataHost(fakeApi()).on('GET /data/money-flow/NVDA', fail(503, 'service_unavailable'));
    const { user } = renderCells();
    await user.pointer({
      keys: '[MouseRight]',
      target: screen.getByRole('button', { name: popupsText.moneyFlowOf('NVDA') }),
    });
    expect(
      await within(panel('moneyFlow')).findByText(discoveryMessages.dataUnavailable),
    ).toBeInTheDocument();
  });

  it('an empty answer says Data unavailable.', async () => {
    withDataHost(fakeApi()).on('GET /data/real-volume/NVDA', {
      status: 200,
      body: { success: true, data: {} },
    });
    const { user } = renderCells();
    await user.click(screen.getByRole('button', { name: popupsText.volumeOf('NVDA') }));
    expect(await within(panel('volume')).findByText(discoveryMessages.dataUnavailable)).toBeInTheDocument();
  });
});
