import { messages } from '@tapeline/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, fakeApi, withDataHost } from '../../test-setup/fakeApi.ts';
import { renderUi } from '../../test-setup/render.tsx';
import { ReferenceDataLoader } from './ReferenceDataLoader.tsx';

describe('ReferenceDataLoader', () => {
  it('fetches stock names, usernames and optionable symbols at start, quietly when they arrive', async () => {
    const api = withDataHost(fakeApi())
      .on('GET /data/stock-names.json', { status: 200, body: [{ s: 'AAPL', n: 'Apple Inc.' }] })
      .on('GET /data/symbol_with_options', { status: 200, body: ['AAPL'] })
      .on('GET /api/users', { status: 200, body: [] });
    renderUi(<ReferenceDataLoader />);
    await waitFor(() => {
      expect(api.calls('GET /data/stock-names.json')).toHaveLength(1);
      expect(api.calls('GET /data/symbol_with_options')).toHaveLength(1);
      expect(api.calls('GET /api/users')).toHaveLength(1);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so once when a list fails', async () => {
    withDataHost(fakeApi())
      .on('GET /data/stock-names.json', fail(503, 'service_unavailable'))
      .on('GET /data/symbol_with_options', { status: 200, body: [] })
      .on('GET /api/users', fail(500, 'internal'));
    renderUi(<ReferenceDataLoader />);
    expect(await screen.findByText(messages.stockNamesFailed)).toBeInTheDocument();
    expect(await screen.findByText(messages.usernamesFailed)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });
});
