import type { Member } from '@masthead/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import MembersTab from '../members-tab.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const member = (email: string, overrides: Partial<Member> = {}): Member => ({
  email,
  name: null,
  role: 'author',
  addedDate: '2026-11-20T14:05:00.000Z',
  lastSignInDate: null,
  confirmed: true,
  ...overrides,
});

let api: ReturnType<typeof stubApi>;
let members: Member[];

beforeEach(() => {
  members = [member('ada@example.com', { name: 'Ada', role: 'admin' }), member('wren@example.com')];
  api = stubApi({
    'GET /cms/members': () => jsonResponse(200, members),
    'GET /cms/invitations': () => jsonResponse(200, []),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithProviders(<MembersTab domain="blog.example.com" />);

describe('MembersTab', () => {
  it('should list each member with a labelled role dropdown and remove button, "Never" for no sign-in', async () => {
    renderTab();
    const row = await screen.findByRole('row', { name: /wren@example\.com/ });
    expect(within(row).getByRole('combobox', { name: 'Role of wren@example.com' })).toHaveValue('author');
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('No name')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Remove wren@example.com' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).not.toBeInTheDocument();
  });

  it('should say so when the domain has no members', async () => {
    members = [];
    renderTab();
    expect(await screen.findByText('This domain has no members yet.')).toBeInTheDocument();
  });

  it("should show the server's sentence inline when a role change is refused", async () => {
    const message = 'ada@example.com is the last admin of blog.example.com; make someone else an admin first';
    api = stubApi({
      'GET /cms/members': () => jsonResponse(200, members),
      'GET /cms/invitations': () => jsonResponse(200, []),
      'PUT /cms/members/ada%40example.com': () =>
        jsonResponse(409, { error: 'Conflict', errors: [message], detailedMessage: message }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderTab();
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Role of ada@example.com' }),
      'editor',
    );
    expect(await screen.findByText(message)).toHaveAttribute('role', 'alert');
    const sent = api.calls.find((call) => call.method === 'PUT');
    expect(await sent?.clone().json()).toEqual({ role: 'editor' });
  });

  it('should show a new invitation link once, with the no-mail note, after adding an e-mail', async () => {
    const link = 'http://localhost:3000/oidc/invitation?token=mhi_x';
    api = stubApi({
      'GET /cms/members': () => jsonResponse(200, members),
      'GET /cms/invitations': () => jsonResponse(200, []),
      'POST /cms/members': () =>
        jsonResponse(201, {
          added: 'invitation',
          invitation: {
            id: '00000000-0000-4000-8000-000000000001',
            email: 'new@example.com',
            role: 'editor',
            createdDate: '2026-11-20T14:05:00.000Z',
            expiresDate: '2026-11-27T14:05:00.000Z',
            invitedBy: 'ada@example.com',
            emailed: false,
            link,
          },
        }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'new@example.com');
    await userEvent.selectOptions(within(dialog).getByLabelText('Role'), 'editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByRole('textbox', { name: 'Invitation link' })).toHaveValue(link);
    expect(screen.getByText(/Masthead sends no e-mail/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = api.calls.find((call) => call.method === 'POST');
    expect(await sent?.clone().json()).toEqual({ email: 'new@example.com', role: 'editor' });
  });

  it('should say the invitation was sent, and show no link, when it was e-mailed (decision 056)', async () => {
    api = stubApi({
      'GET /cms/members': () => jsonResponse(200, members),
      'GET /cms/invitations': () => jsonResponse(200, []),
      'POST /cms/members': () =>
        jsonResponse(201, {
          added: 'invitation',
          invitation: {
            id: '00000000-0000-4000-8000-000000000002',
            email: 'mailed@example.com',
            role: 'author',
            createdDate: '2026-11-20T14:05:00.000Z',
            expiresDate: '2026-11-27T14:05:00.000Z',
            invitedBy: 'ada@example.com',
            emailed: true,
          },
        }),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add member' });
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'mailed@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(/The invitation was sent to mailed@example\.com/)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByRole('textbox', { name: 'Invitation link' })).not.toBeInTheDocument();
  });

  it('should mark a member whose account has not confirmed the address, and say what to do (decision 055)', async () => {
    members = [member('ada@example.com', { role: 'admin' }), member('owner@corp.test', { confirmed: false })];
    renderTab();
    const row = await screen.findByRole('row', { name: /owner@corp\.test/ });
    expect(within(row).getByText('Not confirmed')).toBeInTheDocument();
    expect(screen.getByText(/have an account that has not shown it owns the address/)).toBeInTheDocument();
    const other = screen.getByRole('row', { name: /ada@example\.com/ });
    expect(within(other).queryByText('Not confirmed')).not.toBeInTheDocument();
  });

  it('should offer "Send again" for an e-mailed invitation, and say it was sent', async () => {
    const pending = {
      id: '00000000-0000-4000-8000-000000000003',
      email: 'later@example.com',
      role: 'author',
      createdDate: '2026-11-20T14:05:00.000Z',
      expiresDate: '2099-11-27T14:05:00.000Z',
      invitedBy: 'ada@example.com',
      emailed: true,
    };
    api = stubApi({
      'GET /cms/members': () => jsonResponse(200, members),
      'GET /cms/invitations': () => jsonResponse(200, [pending]),
      [`POST /cms/invitations/${pending.id}/renew`]: () => jsonResponse(200, pending),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    renderTab();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send the invitation to later@example.com again' }),
    );
    expect(await screen.findByText(/A new invitation was sent to later@example\.com/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Invitation link' })).not.toBeInTheDocument();
  });
});
