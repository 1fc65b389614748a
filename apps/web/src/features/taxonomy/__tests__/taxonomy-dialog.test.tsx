import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { CategoriesPanel, TagsPanel } from '../index.js';
import { category, pageOf, tag } from './taxonomy-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const existing = tag('Type Script');
let api: ReturnType<typeof stubApi>;
let saveAnswer: (request: Request) => Response | Promise<Response>;
/** The bodies the save calls sent, read by the stub (a request body can be read once). */
let sent: unknown[];
const writes = () => api.calls.filter((call) => call.method === 'POST' || call.method === 'PUT');
const answerWith =
  (status: number, entity: (body: Record<string, string>) => unknown) => async (request: Request) => {
    const body = (await request.json()) as Record<string, string>;
    sent.push(body);
    return jsonResponse(status, entity(body));
  };

/** What GET …/info/{id} answers for `existing`: its name and version on the server now. */
let current: { tagDisplayName: string; etag: string };

beforeEach(() => {
  sent = [];
  current = { tagDisplayName: existing.tagDisplayName, etag: '"7"' };
  saveAnswer = async (request) =>
    answerWith(request.method === 'POST' ? 201 : 200, (body) => tag(body.tagDisplayName!))(request);
  api = stubApi({
    'GET /cms/tags/all': () => jsonResponse(200, pageOf([existing])),
    [`GET /cms/tags/info/${existing.id}`]: () =>
      new Response(JSON.stringify({ ...existing, ...current, postCount: 3 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', ETag: current.etag },
      }),
    'POST /cms/tags/info': (request) => saveAnswer(request),
    [`PUT /cms/tags/info/${existing.id}`]: (request) => saveAnswer(request),
    [`DELETE /cms/tags/info/${existing.id}`]: () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

async function openAdd() {
  const view = renderWithProviders(<TagsPanel domain="blog.example.com" role="editor" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Add tag' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add tag' });
  return { ...view, dialog };
}

describe('tag and category dialog', () => {
  it('should derive the disabled slug from the name on every keystroke', async () => {
    const { dialog } = await openAdd();
    const slug = within(dialog).getByLabelText('Slug');
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    expect(slug).toBeDisabled();
    expect(name).toBeRequired();
    await userEvent.type(name, 'Big D');
    expect(slug).toHaveValue('big-d');
    await userEvent.type(name, 'ata Stuff');
    expect(slug).toHaveValue('big-data-stuff');
  });

  it('should enable Save only while the name gives a slug', async () => {
    const { dialog } = await openAdd();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    expect(save).toBeDisabled();
    await userEvent.type(name, '   ');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('');
    expect(save).toBeDisabled();
    await userEvent.type(name, 'x');
    expect(save).toBeEnabled();
    await userEvent.clear(name);
    expect(save).toBeDisabled();
  });

  it('should create, show Saving... while it runs, then close with the created toast', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = saveAnswer;
    saveAnswer = async (request) => {
      await held;
      return answer(request);
    };
    const { dialog, store } = await openAdd();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Tag name/ }), 'Web Dev');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = writes();
    expect(post?.method).toBe('POST');
    expect(new URL(post!.url).searchParams.get('domain')).toBe('blog.example.com');
    expect(sent).toEqual([{ tagDisplayName: 'Web Dev' }]);
    expect(store.getState().notification).toMatchObject({
      type: 'success',
      title: 'Successfully Created',
      description: ['Tag has been created successfully'],
      visible: true,
    });

    // It opens empty again.
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByRole('textbox', { name: /Tag name/ })).toHaveValue('');
  });

  it('should rename with the version it loaded as If-Match and show the updated toast', async () => {
    const { store } = renderWithProviders(<TagsPanel domain="blog.example.com" role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tag Type Script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    expect(name).toHaveValue('Type Script');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('type-script');
    await userEvent.clear(name);
    await userEvent.type(name, 'TypeScript');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [put] = writes();
    expect(put?.method).toBe('PUT');
    expect(put?.headers.get('If-Match')).toBe('"7"');
    expect(sent).toEqual([{ tagDisplayName: 'TypeScript' }]);
    expect(store.getState().notification).toMatchObject({
      title: 'Successfully Updated',
      description: ['Tag has been updated successfully'],
    });
  });

  it('should offer the current version when someone else renamed it first (412), and send that version', async () => {
    renderWithProviders(<TagsPanel domain="blog.example.com" role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tag Type Script' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tag' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    // Someone else renames it now; the server refuses the stale version.
    current = { tagDisplayName: 'Their Name', etag: '"8"' };
    saveAnswer = (request) =>
      request.headers.get('If-Match') === '"8"'
        ? answerWith(200, (body) => tag(body.tagDisplayName!))(request)
        : jsonResponse(412, { error: 'Precondition Failed', errors: [], detailedMessage: 'Stale.' });
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'My Name');
    await userEvent.click(save);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this tag after you opened it.',
    );
    expect(name).toHaveValue('My Name');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(name).toHaveValue('Their Name'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'My Name');
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes().map((call) => call.headers.get('If-Match'))).toEqual(['"7"', '"8"']);
    expect(sent).toEqual([{ tagDisplayName: 'My Name' }]);
  });

  it('should keep the dialog and the typed name open on a duplicate and show the server message', async () => {
    const message = 'A tag with the slug "web-dev" already exists in this domain';
    saveAnswer = () => jsonResponse(409, { error: 'Conflict', errors: [message], detailedMessage: message });
    const { dialog, store } = await openAdd();
    const name = within(dialog).getByRole('textbox', { name: /Tag name/ });
    await userEvent.type(name, 'Web Dev');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(name).toHaveValue('Web Dev');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(store.getState().notification).toMatchObject({ type: 'error', title: 'Conflict' });
  });

  it('should close on Escape and on the close icon without saving', async () => {
    await openAdd();
    await userEvent.type(screen.getByRole('textbox', { name: /Tag name/ }), 'Abandoned');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByRole('textbox', { name: /Tag name/ })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writes()).toHaveLength(0);
  });

  it('should say how many posts use the tag before deleting it, then delete with the toast', async () => {
    const { store } = renderWithProviders(<TagsPanel domain="blog.example.com" role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete tag Type Script' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this tag?' });
    expect(
      await within(confirm).findByText(
        '“Type Script” is used by 3 posts. Deleting it removes it from those posts.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
    expect(store.getState().notification).toMatchObject({
      title: 'Successfully Deleted',
      description: ['Tag has been deleted successfully (you can create new tags)'],
    });
  });

  it('should send the category field name and show the category toast', async () => {
    api = stubApi({
      'GET /cms/categories/all': () => jsonResponse(200, pageOf([])),
      'POST /cms/categories/info': answerWith(201, (body) => category(body.categoryDisplayName!)),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { store } = renderWithProviders(<CategoriesPanel domain="blog.example.com" role="editor" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add category' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Category name/ }), 'Release Notes');
    expect(within(dialog).getByLabelText('Slug')).toHaveValue('release-notes');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([{ categoryDisplayName: 'Release Notes' }]);
    expect(store.getState().notification).toMatchObject({
      title: 'Successfully Created',
      description: ['Category created successfully'],
    });
  });
});
