import { CHAT_BAN_PRESETS_MIN, type ChatMessage, type ChatUser, chatBanSchema } from '@tapeline/core';
import { useEffect, useId, useRef, useState } from 'react';
import { z } from 'zod';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useRuleForm } from '../../ui/form/useRuleForm.ts';
import { Modal } from '../../ui/Modal.tsx';
import { chatText } from './chatText.ts';

// The moderation menu of mods and admins on each message (docs/chat.md): delete the message
// (after a confirmation: a deletion cannot be undone), ban its author for one of the preset
// durations with a reason, or lift their ban.

const banFormSchema = z.object({
  minutes: z.coerce.number().pipe(chatBanSchema.shape.minutes),
  reason: chatBanSchema.shape.reason,
});

function BanDialog({
  user,
  onClose,
  onBan,
}: {
  user: ChatUser | null;
  onClose(): void;
  onBan(user: ChatUser, minutes: number, reason: string): void;
}) {
  const form = useRuleForm(banFormSchema, { minutes: CHAT_BAN_PRESETS_MIN[0], reason: '' });
  const ids = { minutes: useId(), reason: useId() };
  return (
    <Modal open={user !== null} title={user ? chatText.banTitle(user.name) : ''} onClose={onClose}>
      <form
        className="chat-ban-form"
        onSubmit={form.submit(({ minutes, reason }) => {
          if (user) onBan(user, minutes, reason);
          onClose();
        })}
      >
        <label htmlFor={ids.minutes}>{chatText.banFor}</label>
        <select id={ids.minutes} {...form.register('minutes')}>
          {CHAT_BAN_PRESETS_MIN.map((m) => (
            <option key={m} value={m}>
              {chatText.banPreset(m)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.reason}>{chatText.banReason}</label>
        <input id={ids.reason} type="text" maxLength={200} {...form.register('reason')} />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {chatText.cancel}
          </button>
          <button type="submit" className="btn btn-primary">
            {chatText.ban}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function ModMenu({
  message,
  onDelete,
  onBan,
}: {
  message: ChatMessage;
  onDelete(message: ChatMessage): void;
  onBan(user: ChatUser, minutes: number, reason: string): void;
}) {
  const [open, setOpen] = useState(false);
  const [banning, setBanning] = useState<ChatUser | null>(null);
  const [deleting, setDeleting] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (event.target instanceof Node && !box.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away, true);
    return () => document.removeEventListener('pointerdown', away, true);
  }, [open]);

  const choose = (run: () => void) => () => {
    setOpen(false);
    run();
  };
  return (
    <div className="chat-mod" ref={box}>
      <button
        type="button"
        className="chat-mod__toggle"
        aria-label={chatText.moderation(message.user.name)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        ⋯
      </button>
      {open && (
        <div className="chat-mod__menu" role="menu" id={menuId}>
          <button type="button" role="menuitem" onClick={choose(() => setDeleting(true))}>
            {chatText.deleteMessage}
          </button>
          <button type="button" role="menuitem" onClick={choose(() => setBanning(message.user))}>
            {chatText.banUser(message.user.name)}
          </button>
          <button type="button" role="menuitem" onClick={choose(() => onBan(message.user, 0, ''))}>
            {chatText.liftBan(message.user.name)}
          </button>
        </div>
      )}
      {banning && <BanDialog user={banning} onClose={() => setBanning(null)} onBan={onBan} />}
      {deleting && (
        <ConfirmDialog
          open
          message={chatText.deleteConfirm(message.user.name)}
          confirmLabel={chatText.deleteAction}
          cancelLabel={chatText.cancel}
          onCancel={() => setDeleting(false)}
          onConfirm={() => {
            setDeleting(false);
            onDelete(message);
          }}
        />
      )}
    </div>
  );
}
