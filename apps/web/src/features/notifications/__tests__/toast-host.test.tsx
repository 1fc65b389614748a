import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.js';
import { ToastHost } from '../components/toast-host.js';
import { notificationShown } from '../notification-slice.js';

describe('ToastHost', () => {
  it('should show a notification once the toast chunk has loaded, and nothing before one', async () => {
    const view = renderWithProviders(<ToastHost />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => {
      view.store.dispatch(notificationShown({ type: 'success', title: 'Successfully Created' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Successfully Created');
  });
});
