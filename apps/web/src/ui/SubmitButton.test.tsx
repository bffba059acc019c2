import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormMessage } from './FormMessage.tsx';
import { SubmitButton } from './SubmitButton.tsx';

describe('SubmitButton', () => {
  it('submits while idle', () => {
    render(<SubmitButton label="Log in" pending={false} />);
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('type', 'submit');
  });

  it('cannot resubmit while its call runs, and says it is busy', () => {
    render(<SubmitButton label="Log in" pending />);
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('can be held back by its form', () => {
    render(<SubmitButton label="Save" pending={false} disabled />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('FormMessage', () => {
  it('announces an error at once', () => {
    render(<FormMessage error="Invalid email or password." success="ignored" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(screen.queryByText('ignored')).not.toBeInTheDocument();
  });

  it('announces a success politely', () => {
    render(<FormMessage success="Saved." />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });

  it('says nothing without an outcome', () => {
    const { container } = render(<FormMessage error={null} success={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
