import { Modal } from '../../ui/Modal.tsx';
import { keysFor, SHORTCUTS } from './registry.ts';
import { shortcutsText } from './shortcutsText.ts';

/** The keys of each shortcut, as <kbd> chips joined by '+'. */
export function ShortcutKeys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="shortcut-keys">
      {keys.map((key, index) => (
        <span key={key}>
          {index > 0 && <span aria-hidden="true">{shortcutsText.plus}</span>}
          <kbd>{key}</kbd>
        </span>
      ))}
    </span>
  );
}

/** Every shortcut with its keys, from the one registry (also rendered on the help page). */
export function ShortcutTable() {
  return (
    <table className="shortcut-table">
      <thead>
        <tr>
          <th scope="col">{shortcutsText.keysHeader}</th>
          <th scope="col">{shortcutsText.actionHeader}</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map((shortcut) => (
          <tr key={shortcut.id}>
            <td>
              <ShortcutKeys keys={keysFor(shortcut)} />
            </td>
            <td>{shortcut.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The list '?' opens. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={shortcutsText.title} onClose={onClose} testId="shortcuts-dialog">
      <ShortcutTable />
      <p className="muted shortcut-note">{shortcutsText.typingNote}</p>
    </Modal>
  );
}
