import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from '../form-dialog.js';

function renderForm(busyLabel?: string) {
  const onClose = vi.fn();
  const onSubmit = vi.fn();
  render(
    <FormDialog
      title="Add member"
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Add"
      busyLabel={busyLabel}
      className="members-form"
    >
      <label>
        E-mail <input />
      </label>
    </FormDialog>,
  );
  return { onClose, onSubmit };
}

describe('FormDialog', () => {
  it('should be a dialog named by its title, with Cancel before the submit button', () => {
    renderForm();
    const dialog = screen.getByRole('dialog', { name: 'Add member' });
    const buttons = [...dialog.querySelectorAll('.dialog__actions button')].map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', 'Add']);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('should submit once on Enter in a field and on the button, and never let the browser submit', async () => {
    const { onSubmit } = renderForm();
    const form = screen.getByLabelText('E-mail').closest('form')!;
    expect(form).toHaveAttribute('novalidate');
    expect(form).toHaveClass('members-form');
    // Heard after React's handler: whether the browser would have submitted the page.
    const prevented: boolean[] = [];
    const hear = (event: Event) => prevented.push(event.defaultPrevented);
    document.addEventListener('submit', hear);
    await userEvent.type(screen.getByLabelText('E-mail'), 'a@example.com{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    document.removeEventListener('submit', hear);
    expect(prevented).toEqual([true, true]);
  });

  it('should close on Cancel and on the close icon', async () => {
    const { onClose, onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('should disable the submit button and say so while busy', async () => {
    const { onSubmit } = renderForm('Adding…');
    const busy = screen.getByRole('button', { name: 'Adding…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
