import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render.js';
import {
  CATEGORIES,
  POST_ID,
  TAGS,
  contentField,
  renderEditor,
  savedPost,
  stubEditorApi,
  versioned,
  writes,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';
import { fakeContent } from './fake-content-editor.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

describe('BlogEditor saving', JOURNEY_TIMEOUT, () => {
  it('should create a post with the whole body, toast "Successfully Created" and close', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { store, onClose } = renderEditor();

    expect(screen.getByRole('heading', { name: 'New Blog Post' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello world');
    await user.type(screen.getByRole('textbox', { name: 'Short description' }), 'A summary');
    await user.type(await contentField(), 'Body text');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'News');
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'type{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Feature image URL' }), 'https://img.test/a.png');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Client' }), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [post] = writes(api.calls);
    expect(post?.method).toBe('POST');
    expect(new URL(post!.url).searchParams.get('domain')).toBe('blog.example.com');
    expect(await post!.json()).toEqual({
      title: 'Hello world',
      shortDescription: 'A summary',
      featureImageUrl: 'https://img.test/a.png',
      ...fakeContent('Body text'),
      tags: [TAGS[3]!.id],
      category: CATEGORIES[1]!.id,
      fields: { client: 'Initech' },
      writtenBy: 'Ada Lovelace',
    });
    expect(store.getState().notification).toMatchObject({
      type: 'success',
      title: 'Successfully Created',
      description: ['Blog Post has been created successfully'],
      visible: true,
    });
  });

  it('should show "Saving..." on a disabled Save while the request runs', async () => {
    let answer!: (response: Response) => void;
    stubEditorApi(
      { 'POST /cms/blogs/info': () => new Promise<Response>((resolve) => (answer = resolve)) },
      [],
    );
    const user = setupUser();
    const { onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello');
    await user.type(await contentField(), 'Body');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    answer(versioned(savedPost(), '"1"', 201));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('should update with the loaded ETag as If-Match on Ctrl+S from the content field', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { store, onClose } = renderEditor({ postId: POST_ID });

    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.getByRole('heading', { name: 'Edit Blog Post' })).toBeInTheDocument();
    expect(title).toHaveValue('Saved title');
    await user.clear(title);
    await user.type(title, 'Renamed');
    const content = await contentField();
    const shortcut = fireEvent.keyDown(content, { key: 's', ctrlKey: true });

    expect(shortcut).toBe(false); // the browser's own "Save page" was prevented
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const [put] = writes(api.calls);
    expect(put?.method).toBe('PUT');
    expect(new URL(put!.url).pathname).toBe(`/cms/blogs/info/${POST_ID}`);
    expect(put!.headers.get('If-Match')).toBe('"3"');
    expect(await put!.json()).toMatchObject({
      title: 'Renamed',
      tags: [TAGS[1]!.id],
      category: CATEGORIES[0]!.id,
      fields: { client: 'Globex' },
      writtenBy: 'Grace Hopper',
      editorState: fakeContent('Saved body').editorState,
    });
    expect(store.getState().notification).toMatchObject({
      title: 'Successfully Updated',
      description: ['Blog Post has been updated successfully'],
    });
  });

  it('should save with Cmd+S too, once per press', async () => {
    const api = stubEditorApi({}, []);
    const user = setupUser();
    const { onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hello');
    await user.type(await contentField(), 'Body');

    fireEvent.keyDown(document.body, { key: 'S', metaKey: true });
    fireEvent.keyDown(document.body, { key: 's', metaKey: true, repeat: true });

    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(writes(api.calls)).toHaveLength(1);
  });

  it('should keep the form and raise the server’s message when the save is refused', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubEditorApi(
      {
        'POST /cms/blogs/info': () =>
          jsonResponse(400, {
            error: 'Bad Request',
            errors: ['featureImageUrl: must be an http or https address'],
            detailedMessage: 'The post is not valid.',
          }),
      },
      [],
    );
    const user = setupUser();
    const { store, onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Kept title');
    await user.type(await contentField(), 'Kept body');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(store.getState().notification).toMatchObject({
        type: 'error',
        title: 'Bad Request',
        description: ['featureImageUrl: must be an http or https address'],
      }),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Kept title');
    expect(await contentField()).toHaveValue('Kept body');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(logged).toHaveBeenCalledWith('Request failed', expect.anything(), expect.anything());
  });
});
