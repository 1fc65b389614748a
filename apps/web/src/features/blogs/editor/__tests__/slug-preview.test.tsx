import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SlugPreview } from '../components/slug-preview.js';
import { slugChange } from '../slug-change.js';
import { POST_ID, renderEditor, stubEditorApi, setupUser, JOURNEY_TIMEOUT } from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

const preview = () => screen.getByTestId('slug-preview');

describe('SlugPreview', JOURNEY_TIMEOUT, () => {
  it('should show the slug a new post will get', () => {
    render(<SlugPreview id="s" title="  Hello, World! Ünïcode 2025 " />);
    expect(preview()).toHaveTextContent('Slug: hello-world-ünïcode-2025');
  });

  it('should explain where the slug comes from while the title is empty', () => {
    render(<SlugPreview id="s" title="   " />);
    expect(preview()).toHaveTextContent('The slug is made from the title.');
  });

  it('should show the saved slug while the title keeps it, even with the number the server added', () => {
    render(<SlugPreview id="s" title="Hello World" savedSlug="hello-world-2" />);
    expect(preview()).toHaveTextContent(/^Slug: hello-world-2$/);
  });

  it('should show the saved slug and the one the next save gives when the title changes it', () => {
    render(<SlugPreview id="s" title="Goodbye world" savedSlug="hello-world" />);
    expect(preview()).toHaveTextContent('Slug: hello-world → goodbye-world after saving');
    expect(slugChange('Goodbye world', 'hello-world')).toEqual({
      current: 'hello-world',
      next: 'goodbye-world',
    });
    expect(slugChange('Hello world 2', 'hello-world-2')).toEqual({ current: 'hello-world-2', next: null });
  });

  it('should follow the title as the user types, and describe the title field', async () => {
    stubEditorApi();
    const user = setupUser();
    renderEditor({ postId: POST_ID });
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect(title).toHaveAccessibleDescription('Slug: saved-title');

    await user.clear(title);
    await user.type(title, 'Brand new: take 2');

    expect(preview()).toHaveTextContent('Slug: saved-title → brand-new-take-2 after saving');
  });
});
