import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDraftTime } from '../components/draft-prompt.js';
import { draftKey, writeDraft, type StoredDraft } from '../draft-storage.js';
import { newPostValues, postToValues } from '../post-form-values.js';
import {
  DOMAIN_ID,
  POST_ID,
  TAGS,
  contentField,
  renderEditor,
  savedPost,
  stubEditorApi,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';
import { fakeContent } from './fake-content-editor.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const NEW_KEY = draftKey(DOMAIN_ID, 'new');
const POST_KEY = draftKey(DOMAIN_ID, POST_ID);
const stored = (key: string) => JSON.parse(window.localStorage.getItem(key) ?? 'null');

const NEW_DRAFT: StoredDraft = {
  savedAt: '2025-03-04T16:20:00.000Z',
  basedOn: null,
  values: {
    ...newPostValues('Ada Lovelace'),
    title: 'Recovered title',
    tags: [{ id: TAGS[0]!.id, tag: 'javascript', tagDisplayName: 'JavaScript' }],
    fields: { client: 'Initech' },
    content: fakeContent('Recovered body'),
  },
};

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('BlogEditor local drafts', JOURNEY_TIMEOUT, () => {
  it('should keep an unsaved copy while typing, debounced, and at once when the page hides', async () => {
    stubEditorApi();
    const user = setupUser();
    renderEditor();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Typed');
    await user.type(await contentField(), 'Body');

    expect(stored(NEW_KEY)).toBeNull();
    await waitFor(() => expect(stored(NEW_KEY)?.values.title).toBe('Typed'));
    expect(stored(NEW_KEY).values.content).toEqual(fakeContent('Body'));

    await user.type(screen.getByRole('textbox', { name: 'Title' }), '!');
    fireEvent(window, new Event('pagehide'));
    expect(stored(NEW_KEY).values.title).toBe('Typed!');
  });

  it('should offer a stored draft and fill the form (and the rich text) on "Restore draft"', async () => {
    writeDraft(NEW_KEY, NEW_DRAFT);
    stubEditorApi();
    const user = setupUser();
    renderEditor();

    expect(
      screen.getByText(`You have unsaved changes from ${formatDraftTime(NEW_DRAFT.savedAt)}.`),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Restore draft' }));

    expect(screen.queryByRole('button', { name: 'Restore draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Recovered title');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus());
    expect(await contentField()).toHaveValue('Recovered body');
    expect(screen.getByRole('button', { name: 'Remove tag JavaScript' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Client' })).toHaveValue('Initech');
  });

  it('should delete the stored draft on "Discard draft" and leave the form as loaded', async () => {
    writeDraft(NEW_KEY, NEW_DRAFT);
    stubEditorApi();
    const user = setupUser();
    renderEditor();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));

    expect(stored(NEW_KEY)).toBeNull();
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('should not overwrite an unanswered draft with new typing', async () => {
    writeDraft(NEW_KEY, NEW_DRAFT);
    stubEditorApi();
    const user = setupUser();
    renderEditor();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Something else');
    fireEvent(window, new Event('pagehide'));

    expect(stored(NEW_KEY).values.title).toBe('Recovered title');
  });

  it('should ignore corrupt storage and work as usual', async () => {
    window.localStorage.setItem(NEW_KEY, '{"format":1,"values":');
    stubEditorApi();
    const user = setupUser();
    renderEditor();

    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Fresh');
    await waitFor(() => expect(stored(NEW_KEY)?.values.title).toBe('Fresh'));
  });

  it('should keep working when storage is full', async () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    stubEditorApi({}, []);
    const user = setupUser();
    const { onClose } = renderEditor();

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Still works');
    fireEvent(window, new Event('pagehide'));
    await user.type(await contentField(), 'Body');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('should delete the draft after a successful save', async () => {
    stubEditorApi({}, []);
    const user = setupUser();
    const { onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Saved soon');
    await user.type(await contentField(), 'Body');
    await waitFor(() => expect(stored(NEW_KEY)).not.toBeNull());

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(stored(NEW_KEY)).toBeNull();
    // Nothing writes it back while the editor closes.
    fireEvent(window, new Event('pagehide'));
    expect(stored(NEW_KEY)).toBeNull();
  });

  it('should say when the post was saved again after the draft of an existing post was made', async () => {
    const post = savedPost({ lastModifiedDate: '2025-03-06T12:00:00.000Z' });
    stubEditorApi({
      [`GET /cms/blogs/info/${POST_ID}`]: () =>
        new Response(JSON.stringify(post), { headers: { 'Content-Type': 'application/json', ETag: '"5"' } }),
    });
    writeDraft(POST_KEY, {
      savedAt: '2025-03-05T09:00:00.000Z',
      basedOn: { lastModifiedDate: '2025-03-02T10:00:00.000Z', etag: '"3"' },
      values: { ...postToValues(savedPost()), title: 'My offline edit' },
    });
    renderEditor({ postId: POST_ID });

    expect(await screen.findByText(/You have unsaved changes from/)).toBeInTheDocument();
    expect(
      screen.getByText(
        `The post has been saved again since then (last saved ${formatDraftTime(post.lastModifiedDate)}). Restoring your changes replaces that version when you save.`,
      ),
    ).toBeInTheDocument();
  });

  it('should not offer, and should delete, a draft equal to the loaded post', async () => {
    stubEditorApi();
    writeDraft(POST_KEY, {
      savedAt: '2025-03-05T09:00:00.000Z',
      basedOn: { lastModifiedDate: '2025-03-02T10:00:00.000Z', etag: '"3"' },
      values: postToValues(savedPost()),
    });
    renderEditor({ postId: POST_ID });

    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Saved title');
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
    await waitFor(() => expect(stored(POST_KEY)).toBeNull());
  });
});
