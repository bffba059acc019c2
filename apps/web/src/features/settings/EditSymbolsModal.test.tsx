import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EditSymbolsModal } from './EditSymbolsModal.tsx';
import { settingsText } from './settingsText.ts';

function renderModal(symbols: string[]) {
  const onSave = vi.fn();
  const onClose = vi.fn();
  render(<EditSymbolsModal open symbols={symbols} onClose={onClose} onSave={onSave} />);
  return { onSave, onClose };
}

const chips = () =>
  within(screen.getByRole('list', { name: settingsText.symbols }))
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace('×', ''));

describe('EditSymbolsModal', () => {
  it('removes symbols one by one, counting what is kept, and saves the rest', async () => {
    const { onSave, onClose } = renderModal(['AAPL', 'MSFT', 'NVDA']);
    expect(screen.getByRole('dialog', { name: settingsText.editSymbols })).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: settingsText.remove('MSFT') }));
    expect(chips()).toEqual(['AAPL', 'NVDA']);
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: settingsText.save }));
    expect(onSave).toHaveBeenCalledWith(['AAPL', 'NVDA']);
    expect(onClose).toHaveBeenCalled();
  });

  it('Remove all empties the list and then has nothing left to remove', async () => {
    const { onSave } = renderModal(['AAPL', 'MSFT']);
    await userEvent.click(screen.getByRole('button', { name: settingsText.removeAll }));
    expect(screen.getByText(settingsText.noSymbols)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: settingsText.removeAll })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: settingsText.save }));
    expect(onSave).toHaveBeenCalledWith([]);
  });

  it('Cancel changes nothing', async () => {
    const { onSave, onClose } = renderModal(['AAPL', 'MSFT']);
    await userEvent.click(screen.getByRole('button', { name: settingsText.remove('AAPL') }));
    await userEvent.click(screen.getByRole('button', { name: settingsText.cancel }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('grows wider for a long list', () => {
    renderModal(Array.from({ length: 150 }, (_, i) => `S${i}`));
    expect(screen.getByTestId('edit-symbols-modal')).toHaveClass('modal-wide');
  });
});
