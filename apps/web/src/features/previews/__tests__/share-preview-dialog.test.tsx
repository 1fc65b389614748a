import type { PreviewShare } from '@masthead/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders } from '../../../test/render.js';
import SharePreviewDialog, { parseDays } from '../components/share-preview-dialog.js';
import {
  DOMAIN,
  POST_ID,
  PREVIEW,
  SHARES,
  previewCalls,
  previewLink,
  refusal,
  share,
  stubPreviewApi,
} from './preview-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderDialog({ unsaved = false } = {}) {
  const onClose = vi.fn();
  const view = renderWithProviders(
    <SharePreviewDialog domain={DOMAIN} postId={POST_ID} unsaved={unsaved} onClose={onClose} />,
  );
  return { ...view, onClose, dialog: screen.getByRole('dialog', { name: 'Share preview' }) };
}

/** A server that keeps the share links it makes and forgets the ones revoked. */
function stubShares(initial: PreviewShare[] = []) {
  let live = [...initial];
  const revokes = Object.fromEntries(
    initial.map((entry) => [
      `DELETE ${SHARES}/${entry.id}`,
      () => {
        live = live.filter((other) => other.id !== entry.id);
        return new Response(null, { status: 204 });
      },
    ]),
  );
  return stubPreviewApi({
    [`GET ${SHARES}`]: () => jsonResponse(200, live),
    [`POST ${PREVIEW}`]: async (request) => {
      const body = (await request.clone().json()) as { label?: string; days: number };
      const link = previewLink({ expiresDate: '2026-12-17T09:30:00.000Z' });
      live = [share({ id: link.id, label: body.label ?? null }), ...live];
      return jsonResponse(201, link);
    },
    ...revokes,
  });
}

describe('SharePreviewDialog', () => {
  it('should make a 7-day link by default, show it once with Copy and its expiry, and list it', async () => {
    const api = stubShares();
    // user-event gives the page a clipboard of its own.
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText('No live share links for this post.')).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'Days the link works' })).toHaveValue(7);

    await user.type(within(dialog).getByRole('textbox', { name: 'Label (optional)' }), '  For Grace ');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByRole('textbox', { name: 'New share link' });
    expect(await previewCalls(api.calls)[0]!.json()).toEqual({ share: true, days: 7, label: 'For Grace' });
    expect((link as HTMLInputElement).value).toMatch(/^https:\/\/site\.example\.org\/preview\?token=mhp_/);
    expect(link).toHaveFocus();
    expect(link).toHaveAccessibleDescription(/^Works until .*2026.*It is shown only now/);

    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe((link as HTMLInputElement).value);
    expect(await within(dialog).findByText('Copied.')).toBeInTheDocument();

    const list = await within(dialog).findByRole('list');
    expect(within(list).getByRole('listitem')).toHaveTextContent('For Grace');
    expect(within(list).getByRole('listitem')).toHaveTextContent('Made by ada@example.com on');
    expect(within(list).getByRole('listitem')).toHaveTextContent(/Expires .*2026/);
  });

  it('should refuse days outside 1 to 30 where they are typed, and send nothing', async () => {
    const api = stubShares();
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const days = within(dialog).getByRole('spinbutton', { name: 'Days the link works' });

    for (const value of ['0', '31', '2.5', '']) {
      await user.clear(days);
      if (value) await user.type(days, value);
      await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
      expect(days).toHaveAttribute('aria-invalid', 'true');
      expect(days).toHaveAccessibleDescription('Enter a whole number of days from 1 to 30.');
      expect(days).toHaveFocus();
    }
    expect(previewCalls(api.calls)).toHaveLength(0);

    await user.clear(days);
    await user.type(days, '30');
    expect(days).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(previewCalls(api.calls)).toHaveLength(1));
    expect(await previewCalls(api.calls)[0]!.json()).toEqual({ share: true, days: 30 });
  });

  it('should parse whole days only', () => {
    expect(parseDays('7')).toBe(7);
    expect(parseDays(' 1 ')).toBe(1);
    expect(parseDays('30')).toBe(30);
    for (const text of ['0', '31', '-1', '1e1', '2.0', 'seven', '']) expect(parseDays(text)).toBeNull();
  });

  it("should show the server's refusal inside the dialog", async () => {
    stubPreviewApi({
      [`POST ${PREVIEW}`]: () => refusal(409, 'This post has 20 live share links: revoke one first.'),
    });
    const user = userEvent.setup();
    const { dialog, store } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This post has 20 live share links: revoke one first.',
    );
    expect(within(dialog).queryByRole('textbox', { name: 'New share link' })).toBeNull();
    // Said once, where the user acted: no toast on top.
    expect(store.getState().notification.visible).toBe(false);
  });

  it('should say when the links cannot be loaded, and load them again on request', async () => {
    const answers = [
      () => refusal(403, 'Only the post’s author and admins see its share links.'),
      () => jsonResponse(200, [share()]),
    ];
    stubPreviewApi({ [`GET ${SHARES}`]: () => answers.shift()!() });
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    expect(within(dialog).getByText('Loading the share links...')).toBeInTheDocument();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the post’s author and admins see its share links.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('For Grace')).toBeInTheDocument();
  });

  it('should revoke a link only after asking, then give the focus to the list', async () => {
    const api = stubShares([share(), share({ id: 'a1000000-0000-4000-8000-000000000002', label: null })]);
    const deletes = () => api.calls.filter((call) => call.method === 'DELETE');
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    const list = await within(dialog).findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Link without a label')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Revoke For Grace' }));
    let question = screen.getByRole('alertdialog', { name: 'Revoke this link?' });
    expect(question).toHaveTextContent('"For Grace" stops working at once');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(deletes()).toHaveLength(0);

    await user.click(within(list).getByRole('button', { name: 'Revoke For Grace' }));
    question = screen.getByRole('alertdialog', { name: 'Revoke this link?' });
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(within(dialog).getAllByRole('listitem')).toHaveLength(1));
    expect(deletes()).toHaveLength(1);
    expect(new URL(deletes()[0]!.url).pathname).toBe(`${SHARES}/${share().id}`);
    expect(new URL(deletes()[0]!.url).searchParams.get('domain')).toBe(DOMAIN);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Live share links' })).toHaveFocus();
    expect(within(dialog).getByText('Link revoked.')).toBeInTheDocument();
  });

  it('should show a refused revoke inside the question', async () => {
    stubPreviewApi({
      [`GET ${SHARES}`]: () => jsonResponse(200, [share()]),
      [`DELETE ${SHARES}/${share().id}`]: () => refusal(403, 'Only admins revoke links made by others.'),
    });
    const user = userEvent.setup();
    const { dialog } = renderDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke For Grace' }));
    const question = screen.getByRole('alertdialog', { name: 'Revoke this link?' });
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));
    expect(await within(question).findByRole('alert')).toHaveTextContent(
      'Only admins revoke links made by others.',
    );
  });

  it('should warn that unsaved changes are not in the link', () => {
    stubShares();
    const { dialog } = renderDialog({ unsaved: true });
    expect(
      within(dialog).getByText(/You have unsaved changes: links show the post as last saved/),
    ).toBeInTheDocument();
  });
});
