import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Field } from '../Field.tsx';
import { FormMessage } from '../FormMessage.tsx';
import { formRules } from './formRules.ts';
import { useRuleForm } from './useRuleForm.ts';

const rules = formRules({ name: z.string().transform((s) => s.trim()) }, ({ name }) =>
  name ? null : 'Name is required',
);

function NameForm({ send, answer }: { send: (name: string) => void; answer?: string }) {
  const form = useRuleForm(rules, { name: '' }, 'Standing notice');
  return (
    <form
      onSubmit={form.submit(({ name }) => {
        send(name);
        if (answer) form.fail(answer);
      })}
      noValidate
    >
      <Field label="Name" {...form.register('name')} />
      <FormMessage {...form.notice} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('the form hook keeps the spec forms’ timing', () => {
  it('checks on send only, keeps the message while typing, and clears it on the next send', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    render(<NameForm send={send} />);
    // A message standing when the form opens (the login form's expired session).
    expect(screen.getByRole('alert')).toHaveTextContent('Standing notice');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
    expect(send).not.toHaveBeenCalled();

    // Typing a valid value does not re-check: the message stays until the form is sent again.
    await user.type(screen.getByLabelText('Name'), '  Ada ');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledWith('Ada'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows an answer (the server’s) until the next send', async () => {
    const user = userEvent.setup();
    render(<NameForm send={() => {}} answer="Something went wrong" />);
    await user.type(screen.getByLabelText('Name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required');
  });
});
