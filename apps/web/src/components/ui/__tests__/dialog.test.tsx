import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { openModals } from '../../../test/dialog-polyfill.js';
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

  it('should open as a modal, with the focus inside, and give the focus back when it closes', async () => {
    const { rerender } = render(<button type="button">Opener</button>);
    const opener = screen.getByRole('button', { name: 'Opener' });
    opener.focus();
    const dialog = (
      <Dialog title="Edit tag" onClose={() => {}} closeIcon actions={<button type="button">Save</button>}>
        <p>Body</p>
      </Dialog>
    );
    rerender(
      <>
        <button type="button">Opener</button>
        {dialog}
      </>,
    );
    // showModal(): the browser keeps Tab inside and the page inert (e2e/dialogs.spec.ts).
    expect(openModals()).toEqual([screen.getByRole('dialog', { name: 'Edit tag' })]);
    expect(screen.getByRole('button', { name: /close/i })).toHaveFocus();

    rerender(<button type="button">Opener</button>);
    expect(openModals()).toEqual([]);
    expect(opener).toHaveFocus();
  });

  it('should close only the newest of two open dialogs on Escape', async () => {
    const closeFirst = vi.fn();
    const closeSecond = vi.fn();
    const first = (second: boolean) => (
      <Dialog title="First" onClose={closeFirst} actions={<button type="button">One</button>}>
        {second && (
          <Dialog title="Second" onClose={closeSecond} actions={<button type="button">Two</button>}>
            <p>
              Opened from the first, and inside it in the React tree, as a confirmation in a form dialog is.
            </p>
          </Dialog>
        )}
      </Dialog>
    );
    const { rerender } = render(first(false));
    rerender(first(true));
    expect(openModals()).toHaveLength(2);
    expect(openModals().at(-1)).toHaveAccessibleName('Second');
    await userEvent.keyboard('{Escape}');
    expect(closeSecond).toHaveBeenCalledOnce();
    expect(closeFirst).not.toHaveBeenCalled();
  });
});
