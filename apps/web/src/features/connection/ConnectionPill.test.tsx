import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionStore, markReconnected, setConnectionStatus } from '../../lib/connectionStatus.ts';
import { ConnectionPill } from './ConnectionPill.tsx';
import { connectionText } from './connectionText.ts';

afterEach(() => {
  connectionStore.setState({ status: 'connecting', reconnects: 0 });
});

describe('ConnectionPill', () => {
  it('says nothing while connecting the first time or live', () => {
    render(<ConnectionPill />);
    expect(screen.queryByTestId('connection-pill')).not.toBeInTheDocument();
    act(() => setConnectionStatus('live'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('follows the tab’s connection: reconnecting, catching up, then gone', () => {
    render(<ConnectionPill />);
    act(() => setConnectionStatus('live'));
    act(() => setConnectionStatus('reconnecting'));
    expect(screen.getByRole('status')).toHaveTextContent(connectionText.reconnecting);
    act(() => markReconnected('catching-up'));
    expect(screen.getByRole('status')).toHaveTextContent(connectionText['catching-up']);
    act(() => setConnectionStatus('live'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says Not connected when the first connect fails (the socket blocked from the start)', () => {
    render(<ConnectionPill />);
    act(() => setConnectionStatus('unreachable'));
    const pill = screen.getByRole('status');
    expect(pill).toHaveTextContent(connectionText.unreachable);
    expect(pill).toHaveAttribute('title', connectionText.unreachableTitle);
    act(() => setConnectionStatus('live'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
