import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PreviewToolsProps } from '../../../../lib/post-preview.js';
import { jsonResponse } from '../../../../test/render.js';
import {
  JOURNEY_TIMEOUT,
  POST_ID,
  contentField,
  renderEditor,
  setupUser,
  stubEditorApi,
  writes,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

// The route's preview controls, replaced by a probe that keeps what the editor gives them.
let tools: PreviewToolsProps | undefined;
function ProbeTools(props: PreviewToolsProps) {
  tools = props;
  return (
    <button type="button" onClick={() => props.onLivePaneChange(true)}>
      Open the pane
    </button>
  );
}
const given = () => {
  if (!tools) throw new Error('the editor gave no preview controls');
  return tools;
};

beforeEach(() => {
  tools = undefined;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

async function openSavedPost() {
  const view = renderEditor({ postId: POST_ID, previewTools: ProbeTools });
  const title = await screen.findByRole('textbox', { name: 'Title' });
  await contentField();
  return { ...view, title };
}

describe('BlogEditor › preview controls', JOURNEY_TIMEOUT, () => {
  it('should give none to a new post, which has nothing to preview yet', async () => {
    stubEditorApi();
    renderEditor({ previewTools: ProbeTools });
    await screen.findByRole('textbox', { name: 'Title' });
    expect(tools).toBeUndefined();
  });

  it('should say whether a preview needs a save first, or why it cannot have one', async () => {
    stubEditorApi();
    const user = setupUser();
    const { title } = await openSavedPost();
    expect(given().readiness()).toEqual({ kind: 'saved' });
    expect(given().unsaved).toBe(false);

    await user.type(title, ' again');
    expect(given().readiness()).toEqual({ kind: 'save' });
    expect(given().unsaved).toBe(true);

    await user.clear(title);
    await user.selectOptions(screen.getByRole('combobox', { name: /Client/ }), '');
    expect(given().readiness()).toEqual({
      kind: 'blocked',
      reasons: ['Title: This field is required', 'Client: This field is required'],
    });
  });

  it('should save first without leaving, and hold the saved version afterwards', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { title, onClose } = await openSavedPost();
    const before = given().savedVersion;
    await user.type(title, ' again');

    let saved = false;
    await act(async () => {
      saved = await given().saveFirst();
    });

    expect(saved).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    expect(title).toHaveValue('Saved title again');
    expect(given().unsaved).toBe(false);
    expect(given().savedVersion).not.toBe(before);
    expect(writes(api.calls)[0]!.headers.get('If-Match')).toBe('"3"');
    expect(await writes(api.calls)[0]!.clone().json()).toMatchObject({ title: 'Saved title again' });

    // The next save builds on the version just saved.
    await user.type(title, '!');
    await act(async () => void (await given().saveFirst()));
    expect(writes(api.calls)[1]!.headers.get('If-Match')).toBe('"4"');
  });

  it('should not save first when the form has problems, and show them on request', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { title } = await openSavedPost();
    await user.clear(title);

    let saved = true;
    await act(async () => {
      saved = await given().saveFirst();
    });
    expect(saved).toBe(false);
    expect(writes(api.calls)).toHaveLength(0);

    await user.click(document.body);
    act(() => given().showProblems());
    await waitFor(() => expect(title).toHaveFocus());
    expect(title).toHaveAccessibleDescription(/This field is required/);
  });

  it('should answer a stale save first with "Someone else saved this post"', async () => {
    stubEditorApi({
      [`PUT /cms/blogs/info/${POST_ID}`]: () =>
        jsonResponse(412, {
          error: 'Precondition Failed',
          errors: [],
          detailedMessage: 'Changed meanwhile.',
        }),
    });
    const user = setupUser();
    const { title } = await openSavedPost();
    await user.type(title, ' again');

    let saved = true;
    await act(async () => {
      saved = await given().saveFirst();
    });
    expect(saved).toBe(false);
    expect(
      await screen.findByRole('alertdialog', { name: 'Someone else saved this post' }),
    ).toBeInTheDocument();
    expect(title).toHaveValue('Saved title again');
  });

  it('should keep the editor open on Save while the live preview is open, and close it otherwise', async () => {
    const api = stubEditorApi();
    const user = setupUser();
    const { title, onClose } = await openSavedPost();
    await user.click(screen.getByRole('button', { name: 'Open the pane' }));
    await user.type(title, ' again');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(api.calls)).toHaveLength(1));
    await waitFor(() => expect(given().unsaved).toBe(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();

    act(() => given().onLivePaneChange(false));
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
