import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftKey } from '../draft-storage.js';
import {
  DOMAIN_ID,
  POST_ID,
  contentField,
  renderEditor,
  stubEditorApi,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const EDITOR_URL = '/?page=2&post=new';

function beforeUnloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const leaveDialog = () => screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' });

beforeEach(() => {
  window.history.replaceState(null, '', '/?page=2');
  window.history.pushState(null, '', EDITOR_URL);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('BlogEditor unsaved-changes guard', JOURNEY_TIMEOUT, () => {
  it('should close on Cancel without asking when nothing changed', async () => {
    stubEditorApi();
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });
    await screen.findByRole('textbox', { name: 'Title' });

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('should ask on Cancel when dirty; "Keep editing" keeps the text, "Discard" closes and drops the draft', async () => {
    stubEditorApi();
    const user = setupUser();
    const { onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Unsaved');
    fireEvent(window, new Event('pagehide'));
    expect(window.localStorage.getItem(draftKey(DOMAIN_ID, 'new'))).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await leaveDialog();
    expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Unsaved');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await leaveDialog()).getByRole('button', { name: 'Discard' }));

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem(draftKey(DOMAIN_ID, 'new'))).toBeNull();
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('should not count an edit that was undone as unsaved', async () => {
    stubEditorApi();
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });
    const title = await screen.findByRole('textbox', { name: 'Title' });

    await user.type(title, 'x');
    expect(beforeUnloadPrevented()).toBe(true);
    await user.type(title, '{Backspace}');

    expect(beforeUnloadPrevented()).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('should make the browser ask before closing or reloading the tab while dirty, and not after saving', async () => {
    stubEditorApi({}, []);
    const user = setupUser();
    const { onClose } = renderEditor();
    expect(beforeUnloadPrevented()).toBe(false);

    await user.type(await contentField(), 'Body');
    expect(beforeUnloadPrevented()).toBe(true);

    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(beforeUnloadPrevented()).toBe(false);
  });

  it('should otherwise stop Back on popstate: the router never hears of it, the address stays and the user is asked', async () => {
    const router = vi.fn();
    window.addEventListener('popstate', router);
    stubEditorApi();
    const user = setupUser();
    const { onClose } = renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Unsaved');

    window.history.back();

    const dialog = await leaveDialog();
    expect(router).not.toHaveBeenCalled();
    expect(window.location.pathname + window.location.search).toBe(EDITOR_URL);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', router);
  });

  it('should cancel Back before it happens where the Navigation API allows it', async () => {
    const navigation = new EventTarget();
    Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
    const navigate = (navigationType: string, cancelable = true) => {
      const event = Object.assign(new Event('navigate', { cancelable }), { navigationType });
      navigation.dispatchEvent(event);
      return event.defaultPrevented;
    };
    try {
      stubEditorApi();
      const user = setupUser();
      renderEditor();
      expect(navigate('traverse')).toBe(false);
      await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Unsaved');

      expect(navigate('push')).toBe(false);
      expect(navigate('traverse', false)).toBe(false);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(navigate('traverse')).toBe(true);
      expect(await leaveDialog()).toBeInTheDocument();
    } finally {
      Reflect.deleteProperty(window, 'navigation');
    }
  });

  it('should let Back through while clean', async () => {
    const router = vi.fn();
    window.addEventListener('popstate', router);
    stubEditorApi();
    renderEditor({ postId: POST_ID });
    await screen.findByRole('textbox', { name: 'Title' });

    window.history.back();

    await waitFor(() => expect(router).toHaveBeenCalledTimes(1));
    expect(window.location.search).toBe('?page=2');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    window.removeEventListener('popstate', router);
  });

  it('should stop an in-app link while dirty and follow it after "Discard"', async () => {
    stubEditorApi();
    const user = setupUser();
    const followed = vi.fn((event: MouseEvent) => event.preventDefault());
    const link = document.createElement('a');
    link.href = '/metadata';
    link.textContent = 'Metadata & Assets';
    link.addEventListener('click', followed);
    document.body.append(link);
    renderEditor();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Unsaved');

    await user.click(screen.getByRole('link', { name: 'Metadata & Assets' }));

    const dialog = await leaveDialog();
    expect(followed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(followed).toHaveBeenCalledTimes(1);
    link.remove();
  });
});
