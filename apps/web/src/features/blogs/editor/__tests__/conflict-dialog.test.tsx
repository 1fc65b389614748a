import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render.js';
import {
  POST_ID,
  contentField,
  renderEditor,
  savedPost,
  stubEditorApi,
  versioned,
  writes,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const STALE = () =>
  jsonResponse(412, {
    error: 'Precondition Failed',
    errors: [],
    detailedMessage: 'The resource was changed since it was read.',
  });

/** The post as the other person saved it. */
const THEIRS = savedPost({ title: 'Their title', lastModifiedDate: '2025-03-05T08:00:00.000Z' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function editAndSave(user: ReturnType<typeof userEvent.setup>) {
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await user.clear(title);
  await user.type(title, 'My title');
  await user.type(await contentField(), ' plus mine');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return screen.findByRole('alertdialog', { name: 'Someone else saved this post' });
}

describe('BlogEditor when someone else saved the post (412)', JOURNEY_TIMEOUT, () => {
  it('should say so, without a toast, and keep everything typed on "Keep editing"', async () => {
    let reads = 0;
    const api = stubEditorApi({
      [`GET /cms/blogs/info/${POST_ID}`]: () =>
        ++reads === 1 ? versioned(savedPost(), '"3"') : versioned(THEIRS, '"4"'),
      [`PUT /cms/blogs/info/${POST_ID}`]: STALE,
    });
    const user = setupUser();
    const { store, onClose } = renderEditor({ postId: POST_ID });

    const dialog = await editAndSave(user);

    expect(dialog).toHaveTextContent('This post was changed by someone else while you were editing.');
    expect(store.getState().notification.visible).toBe(false);
    // The failed PUT refreshes the cached post in the background; the form must not follow it.
    await waitFor(() => expect(reads).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('My title');
    expect(await contentField()).toHaveValue('Saved body plus mine');
    expect(onClose).not.toHaveBeenCalled();
    expect(writes(api.calls)).toHaveLength(1);
  });

  it('should save again with the stale ETag after "Keep editing", so nothing is overwritten silently', async () => {
    let reads = 0;
    const api = stubEditorApi({
      [`GET /cms/blogs/info/${POST_ID}`]: () =>
        ++reads === 1 ? versioned(savedPost(), '"3"') : versioned(THEIRS, '"4"'),
      [`PUT /cms/blogs/info/${POST_ID}`]: STALE,
    });
    const user = setupUser();
    renderEditor({ postId: POST_ID });
    const dialog = await editAndSave(user);
    await waitFor(() => expect(reads).toBe(2));
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await screen.findByRole('alertdialog', { name: 'Someone else saved this post' });
    const puts = writes(api.calls);
    expect(puts.map((put) => put.headers.get('If-Match'))).toEqual(['"3"', '"3"']);
  });

  it('should replace the form with the latest version only on "Reload the post", then save with its ETag', async () => {
    let reads = 0;
    let puts = 0;
    const api = stubEditorApi({
      [`GET /cms/blogs/info/${POST_ID}`]: () =>
        ++reads === 1 ? versioned(savedPost(), '"3"') : versioned(THEIRS, '"4"'),
      [`PUT /cms/blogs/info/${POST_ID}`]: () => (++puts === 1 ? STALE() : versioned(THEIRS, '"5"')),
    });
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });
    const dialog = await editAndSave(user);

    await user.click(within(dialog).getByRole('button', { name: 'Reload the post' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Their title');
    expect(await contentField()).toHaveValue('Saved body');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(writes(api.calls).map((put) => put.headers.get('If-Match'))).toEqual(['"3"', '"4"']);
    expect(await writes(api.calls)[1]!.json()).toMatchObject({ title: 'Their title!' });
  });

  it('should keep the replaced text as a draft that can be restored on top of the latest version', async () => {
    let reads = 0;
    const api = stubEditorApi({
      [`GET /cms/blogs/info/${POST_ID}`]: () =>
        ++reads === 1 ? versioned(savedPost(), '"3"') : versioned(THEIRS, '"4"'),
      [`PUT /cms/blogs/info/${POST_ID}`]: () =>
        writes(api.calls).length === 1 ? STALE() : versioned(THEIRS, '"5"'),
    });
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });
    const dialog = await editAndSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Reload the post' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Their title'));

    expect(screen.getByText(/The post has been saved again since then/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore draft' }));

    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('My title');
    expect(await contentField()).toHaveValue('Saved body plus mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const second = writes(api.calls)[1]!;
    expect(second.headers.get('If-Match')).toBe('"4"');
    expect(await second.json()).toMatchObject({ title: 'My title' });
  });
});
