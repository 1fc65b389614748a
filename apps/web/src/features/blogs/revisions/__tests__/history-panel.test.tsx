import type { BlogPost, Revision } from '@masthead/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../../test/render.js';
import HistoryPanel, { type HistoryPanelProps } from '../components/history-panel.js';
import { historyPage as pageOfEntries, revisionEntry } from './revision-fixtures.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const POST = 'p1';
const HISTORY = `/cms/blogs/info/${POST}/revisions`;

const post: BlogPost = {
  id: POST,
  title: 'Green pears',
  slug: 'green-pears',
  shortDescription: '',
  featureImageUrl: '',
  tags: [],
  category: null,
  fields: {},
  writtenBy: 'Ana',
  createdDate: '2026-03-01T09:00:00.000Z',
  lastModifiedDate: '2026-03-04T09:07:00.000Z',
  published: false,
  approved: false,
  scheduledFor: null,
  editorHtmlContent: '<p>The draft praises green pears.</p>',
  editorState: null,
  editorTextString: 'The draft praises green pears.',
};

const entry = revisionEntry;
const pageOf = pageOfEntries;
const created = entry({ id: 'r1', kind: 'created', changes: [], at: '2026-03-01T09:00:00.000Z' });
const firstVersion: Revision = {
  ...created,
  content: {
    title: 'Red apples',
    shortDescription: '',
    featureImageUrl: '',
    editorHtmlContent: '<p>The draft praises red apples.</p>',
    editorState: null,
    editorTextString: 'The draft praises red apples.',
    tags: [],
    category: null,
    fields: {},
    writtenBy: 'Ana',
  },
};

let api: ReturnType<typeof stubApi>;
let historyPage: (url: URL) => Response;
let restoreAnswer: () => Response;

beforeEach(() => {
  historyPage = () =>
    jsonResponse(200, pageOf([entry(), entry({ id: 'e1', kind: 'approved', changes: [] }), created]));
  restoreAnswer = () =>
    new Response(JSON.stringify({ post: { ...post, title: 'Red apples' }, skipped: ['tag "Autumn"'] }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', ETag: '"v3"' },
    });
  api = stubApi({
    [`GET ${HISTORY}`]: (request) => historyPage(new URL(request.url)),
    [`GET ${HISTORY}/r1`]: () => jsonResponse(200, firstVersion),
    [`POST ${HISTORY}/r1/restore`]: () => restoreAnswer(),
  });
  vi.stubGlobal('fetch', api.fetchStub);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel(overrides: Partial<HistoryPanelProps> = {}) {
  const props: HistoryPanelProps = {
    domain: 'blog.example.com',
    current: { post, etag: '"v2"' },
    defs: [],
    canRestore: true,
    unsaved: false,
    onClose: vi.fn(),
    onRestored: vi.fn(),
    onConflict: vi.fn(),
    ...overrides,
  };
  renderWithProviders(<HistoryPanel {...props} />);
  return props;
}

const versions = () => screen.findByRole('list', { name: 'Versions of this post' });

async function openFirstVersion() {
  const list = await versions();
  await userEvent.click(within(list).getByRole('button', { name: /^Created/ }));
  await screen.findByText('The draft praises red apples.');
}

describe('HistoryPanel', () => {
  it('should list the versions newest first, with who and when, and workflow events as plain lines', async () => {
    renderPanel();
    const items = within(await versions()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Changed title, content');
    expect(items[0]).toHaveTextContent('Ana Lima');
    expect(within(items[0]!).getByText(/2026/).tagName).toBe('TIME');
    expect(items[1]).toHaveTextContent('Approved');
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    const call = new URL(api.calls[0]!.url);
    expect(Object.fromEntries(call.searchParams)).toEqual({
      domain: 'blog.example.com',
      page: '0',
      numberOfEntries: '20',
    });
  });

  it('should page through a long history', async () => {
    historyPage = (url) =>
      jsonResponse(200, {
        ...pageOf([entry({ id: `r${url.searchParams.get('page')}` })], 45),
        currentPage: 0,
      });
    renderPanel();
    await versions();
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await vi.waitFor(() =>
      expect(api.calls.map((call) => new URL(call.url).searchParams.get('page'))).toContain('1'),
    );
  });

  it('should say so when the history cannot be loaded, and try again', async () => {
    historyPage = () =>
      jsonResponse(500, { error: 'Internal Server Error', errors: [], detailedMessage: 'x' });
    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The history of this post could not be loaded.',
    );
    historyPage = () => jsonResponse(200, pageOf([created]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(within(await versions()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('should show a version and compare it with the current post, words marked', async () => {
    renderPanel();
    await openFirstVersion();
    expect(screen.getByRole('heading', { level: 3, name: /^Version of / })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Compare with current' }));
    expect(screen.getByRole('row', { name: /^Title/ })).toHaveTextContent('Red apples');
    expect(screen.getByRole('row', { name: /^Title/ })).toHaveTextContent('Green pears');
    const removed = document.querySelectorAll('del');
    const added = document.querySelectorAll('ins');
    expect([...removed].map((element) => element.textContent)).toEqual(['Removed: red apples']);
    expect([...added].map((element) => element.textContent)).toEqual(['Added: green pears']);

    await userEvent.click(screen.getByRole('button', { name: 'All versions' }));
    await versions();
    expect(screen.getByRole('button', { name: /^Created/ })).toHaveFocus();
  });

  it('should restore after asking, with the version the editor holds as If-Match', async () => {
    const props = renderPanel({ unsaved: true });
    await openFirstVersion();
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    const question = screen.getByRole('alertdialog', { name: 'Restore this version?' });
    expect(question).toHaveTextContent('Your unsaved changes in the editor are replaced');
    await userEvent.click(within(question).getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() => expect(props.onRestored).toHaveBeenCalled());
    expect(props.onRestored).toHaveBeenCalledWith({
      post: { ...post, title: 'Red apples' },
      etag: '"v3"',
      skipped: ['tag "Autumn"'],
      versionDate: created.at,
    });
    const restore = api.calls.find((call) => call.method === 'POST')!;
    expect(restore.headers.get('If-Match')).toBe('"v2"');
  });

  it('should hand a 412 to the editor and show any other refusal in the question', async () => {
    const props = renderPanel();
    await openFirstVersion();
    restoreAnswer = () =>
      jsonResponse(409, {
        error: 'Conflict',
        errors: ['This post is approved. Unapprove it before editing it.'],
        detailedMessage: '',
      });
    await userEvent.click(screen.getByRole('button', { name: 'Restore this version' }));
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This post is approved.');
    expect(props.onRestored).not.toHaveBeenCalled();

    restoreAnswer = () =>
      jsonResponse(412, { error: 'Precondition Failed', errors: [], detailedMessage: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Restore' }));
    await vi.waitFor(() => expect(props.onConflict).toHaveBeenCalled());
  });

  it('should offer no restore while the post cannot be edited, and say why', async () => {
    renderPanel({ canRestore: false });
    await openFirstVersion();
    expect(screen.queryByRole('button', { name: 'Restore this version' })).toBeNull();
    expect(screen.getByText('To restore a version, the post must be editable.')).toBeInTheDocument();
  });

  it('should close on its close button', async () => {
    const props = renderPanel();
    await versions();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalled();
  });
});
