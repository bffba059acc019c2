import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { controlText } from './controlText.ts';
import { Modal } from './Modal.tsx';

/** A page that owns the modal's state, as every screen does. */
function Page({ hideClose = false }: { hideClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} title="Card details" onClose={() => setOpen(false)} hideClose={hideClose}>
        <p>Modal content</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('shows its title and content only while open', async () => {
    render(<Page />);
    expect(screen.queryByText('Modal content')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Card details' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByText('Modal content')).toBeInTheDocument();
  });

  it('closes from its corner button', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(screen.getByRole('button', { name: controlText.close }));
    expect(screen.queryByText('Modal content')).not.toBeInTheDocument();
  });

  it('Escape (the dialog cancel) closes through the owner', async () => {
    render(<Page />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent(screen.getByRole('dialog', { hidden: true }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByText('Modal content')).not.toBeInTheDocument();
  });

  it('can leave the closing to its own buttons', async () => {
    render(<Page hideClose />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('button', { name: controlText.close })).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('asks the question with Cancel and OK', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ConfirmDialog open message="Delete this layout?" onCancel={onCancel} onConfirm={onConfirm} />);
    expect(screen.getByRole('dialog', { name: 'Delete this layout?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('takes its own button labels', () => {
    render(
      <ConfirmDialog
        open
        message="Remove 3 symbols?"
        confirmLabel="Remove"
        cancelLabel="Keep"
        onCancel={() => {}}
        onConfirm={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });
});
