import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from '../dialog.js';

function renderDialog(closeIcon: boolean) {
  const onClose = vi.fn();
  render(
    <>
      <button type="button">Outside</button>
      <Dialog
        title="Edit tag"
        onClose={onClose}
        closeIcon={closeIcon}
        actions={<button type="button">Save</button>}
      >
        <label>
          Display name <input />
        </label>
      </Dialog>
    </>,
  );
  return onClose;
}

describe('Dialog', () => {
  it('should be a modal dialog named by its title', () => {
    renderDialog(false);
    expect(screen.getByRole('dialog', { name: 'Edit tag' })).toHaveAttribute('aria-modal', 'true');
  });

  it('should close on Escape', async () => {
    const onClose = renderDialog(false);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('should show no close icon unless asked', () => {
    renderDialog(false);
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
  });

  it('should close through its close icon', async () => {
    const onClose = renderDialog(true);
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('should keep the focus inside while it is open', async () => {
    renderDialog(true);
    for (let i = 0; i < 5; i += 1) {
      await userEvent.tab();
      expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    }
  });
});
