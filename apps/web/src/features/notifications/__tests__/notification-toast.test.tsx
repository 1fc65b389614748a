import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { NotificationToast } from '../components/notification-toast.js';
import { notificationShown, type NotificationContent } from '../notification-slice.js';

function showToast(content: NotificationContent) {
  const view = renderWithProviders(<NotificationToast />);
  act(() => {
    view.store.dispatch(notificationShown(content));
  });
  return view;
}

describe('NotificationToast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('should render nothing while no notification is set', () => {
    renderWithProviders(<NotificationToast />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should hide itself after 5000 ms, not before', () => {
    const { store } = showToast({ type: 'success', title: 'Successfully Created', description: ['Done'] });
    expect(screen.getByRole('status')).toHaveTextContent('Successfully Created');

    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.getState().notification.visible).toBe(false);
  });

  it('should restart the 5000 ms for a newer notification', () => {
    const { store } = showToast({ type: 'info', title: 'First' });
    act(() => vi.advanceTimersByTime(4000));
    act(() => {
      store.dispatch(notificationShown({ type: 'info', title: 'Second' }));
    });
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByRole('status')).toHaveTextContent('Second');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('should close on its close button', () => {
    showToast({ type: 'success', title: 'Successfully Updated' });
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Successfully Updated')).not.toBeInTheDocument();
  });

  it('should show a description with several entries as a bullet list', () => {
    showToast({ type: 'warning', title: 'Check the form', description: ['title: required', 'slug: taken'] });
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['title: required', 'slug: taken']);
  });

  it('should show a single description entry as text, not as a list', () => {
    showToast({
      type: 'success',
      title: 'Successfully Deleted',
      description: ['Tag has been deleted successfully'],
    });
    expect(screen.getByText('Tag has been deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('should give errors the generic heading, red styling and role alert', () => {
    showToast({ type: 'error', title: 'Forbidden', description: ['You are not a member of: x.test'] });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Something went wrong');
    expect(toast).not.toHaveTextContent('Forbidden');
    expect(toast).toHaveAttribute('data-type', 'error');
    expect(toast).toHaveClass('toast--error');
    expect(toast.querySelector('[data-icon="error"]')).not.toBeNull();
  });

  it.each([
    ['success', 'status', 'toast--success'],
    ['warning', 'alert', 'toast--warning'],
    ['info', 'status', 'toast--info'],
  ] as const)('should show a %s toast with its own title, role %s and class %s', (type, role, className) => {
    showToast({ type, title: `A ${type} title` });
    const toast = screen.getByRole(role);
    expect(toast).toHaveTextContent(`A ${type} title`);
    expect(toast).toHaveClass(className);
    expect(toast.querySelector(`[data-icon="${type}"]`)).not.toBeNull();
  });
});

describe('NotificationToast with modal dialogs open', () => {
  it('should show inside the top modal dialog, and go back to the page when it closes', async () => {
    const { Dialog } = await import('../../../components/ui/dialog.js');
    const { rerender, store } = renderWithProviders(
      <>
        <NotificationToast />
        <Dialog title="Lower" onClose={() => undefined} actions={null}>
          lower
        </Dialog>
        <Dialog title="Upper" onClose={() => undefined} actions={null}>
          upper
        </Dialog>
      </>,
    );
    act(() => {
      store.dispatch(notificationShown({ type: 'error', title: 'Error', description: ['It failed'] }));
    });
    const upper = screen.getByRole('dialog', { name: 'Upper' });
    await vi.waitFor(() => expect(upper).toContainElement(screen.getByRole('alert')));

    rerender(<NotificationToast />);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await vi.waitFor(() => expect(screen.getByRole('alert').closest('dialog')).toBeNull());
    expect(screen.getByRole('alert')).toHaveTextContent('It failed');
  });
});
