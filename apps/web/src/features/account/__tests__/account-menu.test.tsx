import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { fakeAuth, jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { AccountMenu } from '../components/account-menu.js';

beforeAll(() => injectSignedInState());
afterEach(() => vi.unstubAllGlobals());

const refusal = (status: number, errors: string[]) =>
  jsonResponse(status, { error: 'Bad Request', errors, detailedMessage: errors[0] });

async function openPasswordDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Account' }));
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'Change your password' }) };
}

describe('AccountMenu', () => {
  it('should show its actions on the toggle and hide them again on Escape, back on the toggle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountMenu currentName="Ada Lovelace" />);
    const toggle = screen.getByRole('button', { name: 'Account' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('button', { name: 'Sign out everywhere' })).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = await screen.findByRole('button', { name: 'Sign out everywhere' });
    expect(item).toBeVisible();
    // The button names the list only once it is in the page (axe: aria-valid-attr-value).
    expect(toggle).toHaveAttribute('aria-controls', item.closest('ul')!.id);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('should check the new password before sending it, and show a wrong current password beside its field', async () => {
    const api = stubApi({
      'PUT /cms/account/password': () =>
        refusal(400, ['currentPassword: the current password is not correct']),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderWithProviders(<AccountMenu currentName="Ada Lovelace" />);
    const { user } = await openPasswordDialog();

    await user.type(screen.getByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('at least 8 characters');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'long enough now');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'long enough now');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is not correct.');
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(await api.calls[0]!.json()).toEqual({
      currentPassword: 'wrong one',
      newPassword: 'long enough now',
    });
  });

  it('should say the password changed, then sign out here when asked to sign in again', async () => {
    vi.stubGlobal(
      'fetch',
      stubApi({ 'PUT /cms/account/password': () => new Response(null, { status: 204 }) }).fetchStub,
    );
    const removeUser = vi.fn(async () => undefined);
    renderWithProviders(<AccountMenu currentName="Ada Lovelace" />, { auth: fakeAuth({ removeUser }) });
    const { user } = await openPasswordDialog();
    await user.type(screen.getByLabelText('Current password'), 'the old password');
    await user.type(screen.getByLabelText('New password'), 'the new password');
    await user.type(screen.getByLabelText('Confirm new password'), 'the new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(removeUser).toHaveBeenCalledTimes(1);
  });

  it('should sign out everywhere only after the question, then sign out here', async () => {
    const api = stubApi({
      'POST /cms/account/sign-out-everywhere': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const removeUser = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderWithProviders(<AccountMenu currentName="Ada Lovelace" />, { auth: fakeAuth({ removeUser }) });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const question = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(api.calls).toHaveLength(0);

    await user.click(within(question).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(removeUser).toHaveBeenCalledTimes(1));
    expect(api.calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      'POST /cms/account/sign-out-everywhere',
    ]);
  });
});
