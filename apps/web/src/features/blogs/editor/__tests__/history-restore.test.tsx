import type { Revision } from '@masthead/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render.js';
import { historyPage, revisionEntry } from '../../revisions/__tests__/revision-fixtures.js';
import { fakeContent } from './fake-content-editor.js';
import {
  JOURNEY_TIMEOUT,
  POST_ID,
  contentField,
  renderEditor,
  savedPost,
  setupUser,
  stubEditorApi,
  versioned,
  writes,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const HISTORY = `/cms/blogs/info/${POST_ID}/revisions`;
const EARLIER = savedPost({ title: 'Earlier title', ...fakeContent('Earlier body') });

const created: Revision = {
  ...revisionEntry({ id: 'r1', kind: 'created', changes: [], at: '2025-03-01T09:00:00.000Z' }),
  content: {
    title: EARLIER.title,
    shortDescription: EARLIER.shortDescription,
    featureImageUrl: '',
    editorHtmlContent: EARLIER.editorHtmlContent,
    editorState: EARLIER.editorState,
    editorTextString: EARLIER.editorTextString,
    tags: EARLIER.tags,
    category: EARLIER.category,
    fields: EARLIER.fields,
    writtenBy: EARLIER.writtenBy,
  },
};

function stubHistory(restore: () => Response = () => restored(), post = savedPost()) {
  const { content: _content, ...entry } = created;
  return stubEditorApi({
    [`GET /cms/blogs/info/${POST_ID}`]: () => versioned(post, '"3"'),
    [`GET ${HISTORY}`]: () => jsonResponse(200, historyPage([entry])),
    [`GET ${HISTORY}/r1`]: () => jsonResponse(200, created),
    [`POST ${HISTORY}/r1/restore`]: restore,
  });
}

const restored = () =>
  new Response(JSON.stringify({ post: EARLIER, skipped: [] }), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ETag: '"9"' },
  });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function restoreFirstVersion(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('button', { name: 'History' }));
  const panel = await screen.findByRole('dialog', { name: 'History' });
  await user.click(await within(panel).findByRole('button', { name: /^Created/ }));
  await user.click(await within(panel).findByRole('button', { name: 'Restore this version' }));
  const question = screen.getByRole('alertdialog', { name: 'Restore this version?' });
  await user.click(within(question).getByRole('button', { name: 'Restore' }));
}

describe('BlogEditor › History', JOURNEY_TIMEOUT, () => {
  it('should have no History for a new post', async () => {
    stubEditorApi();
    renderEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });

  it('should show the restored version as saved, and save next with its ETag', async () => {
    const api = stubHistory();
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });
    expect(await contentField()).toHaveValue('Saved body');
    await restoreFirstVersion(user);

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Earlier title'));
    expect(await contentField()).toHaveValue('Earlier body');
    expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
    expect(writes(api.calls)[0]!.headers.get('If-Match')).toBe('"3"');

    // Nothing unsaved: Cancel leaves without asking; a save sends the restored version's ETag.
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(writes(api.calls)[1]!.headers.get('If-Match')).toBe('"9"');
  });

  it('should keep unsaved changes as a draft the user can bring back after a restore', async () => {
    stubHistory();
    const user = setupUser();
    renderEditor({ postId: POST_ID });
    await user.type(await screen.findByRole('textbox', { name: 'Title' }), ' mine');
    await restoreFirstVersion(user);

    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Earlier title'));
    await user.click(screen.getByRole('button', { name: 'Restore draft' }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Saved title mine');
  });

  it('should turn a 412 into the editor\'s "Someone else saved this post"', async () => {
    stubHistory(() => jsonResponse(412, { error: 'Precondition Failed', errors: [], detailedMessage: '' }));
    const user = setupUser();
    renderEditor({ postId: POST_ID });
    await restoreFirstVersion(user);
    expect(
      await screen.findByRole('alertdialog', { name: 'Someone else saved this post' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'History' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Saved title');
  });

  it('should offer no restore on an approved post', async () => {
    stubHistory(restored, savedPost({ approved: true }));
    const user = setupUser();
    renderEditor({ postId: POST_ID, role: 'editor' });
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'History' });
    await user.click(await within(panel).findByRole('button', { name: /^Created/ }));
    expect(
      await within(panel).findByText('To restore a version, the post must be editable.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Restore this version' })).toBeNull();
  });
});
