import type { ColumnDef } from '@masthead/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../../test/render.js';
import {
  POST_ID,
  renderEditor,
  savedPost,
  stubEditorApi,
  versioned,
  setupUser,
  JOURNEY_TIMEOUT,
} from './editor-harness.js';

vi.mock('../../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
vi.mock('../../../../editor/editor.js', () => import('./fake-content-editor.js'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('BlogEditor states', JOURNEY_TIMEOUT, () => {
  it('should show a loading skeleton, then the post', async () => {
    let answer!: (response: Response) => void;
    stubEditorApi({ [`GET /cms/blogs/info/${POST_ID}`]: () => new Promise((resolve) => (answer = resolve)) });
    renderEditor({ postId: POST_ID });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading the post...');
    expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
    answer(versioned(savedPost(), '"3"'));
    expect(await screen.findByRole('textbox', { name: 'Title' })).toHaveValue('Saved title');
    expect(screen.getByRole('textbox', { name: 'Author' })).toHaveValue('Grace Hopper');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue(savedPost().category!.id);
  });

  it('should say "This post no longer exists" on a 404, with a way back', async () => {
    stubEditorApi({ [`GET /cms/blogs/info/${POST_ID}`]: () => jsonResponse(404, { error: 'Not Found' }) });
    const user = setupUser();
    const { onClose } = renderEditor({ postId: POST_ID });

    expect(await screen.findByRole('heading', { name: 'This post no longer exists' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to blog posts' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ approved: true }, 'This post is approved. Unapprove this post before editing it.'],
    [
      { approved: true, published: true },
      'This post is published. Unpublish and unapprove this post before editing it.',
    ],
  ])('should explain why a %o post cannot be saved and disable Save', async (flags, notice) => {
    stubEditorApi({ [`GET /cms/blogs/info/${POST_ID}`]: () => versioned(savedPost(flags), '"3"') });
    renderEditor({ postId: POST_ID, role: 'editor' });

    expect(await screen.findByText(notice)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeDisabled();
  });

  it('should disable Save for a user without a role on the domain', async () => {
    stubEditorApi();
    renderEditor({ role: undefined });

    expect(screen.getByText('You cannot write posts on this domain.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('should render each custom field by its type', async () => {
    const defs: ColumnDef[] = [
      { key: 'client', label: 'Client', type: 'select', required: true, options: ['Acme Corp', 'Globex'] },
      { key: 'budget', label: 'Budget', type: 'number', required: false },
      { key: 'due', label: 'Due date', type: 'date', required: false },
      { key: 'featured', label: 'Featured', type: 'boolean', required: false },
      { key: 'brief', label: 'Brief', type: 'textarea', required: false },
      { key: 'source', label: 'Source', type: 'text', required: true },
    ];
    stubEditorApi({}, defs);
    renderEditor();

    const client = await screen.findByRole('combobox', { name: 'Client' });
    expect([...(client as HTMLSelectElement).options].map((option) => [option.value, option.text])).toEqual([
      ['', 'Select an option'],
      ['Acme Corp', 'Acme Corp'],
      ['Globex', 'Globex'],
    ]);
    expect(screen.getByRole('spinbutton', { name: 'Budget' })).toHaveAttribute('type', 'number');
    expect(screen.getByLabelText('Due date')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('checkbox', { name: 'Featured' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Brief' }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: 'Source' })).toBeRequired();
    expect(
      (screen.getByRole('textbox', { name: 'Source' }) as HTMLInputElement).labels?.[0],
    ).toHaveTextContent('Source *');
  });

  it('should show the category options after "Select a category"', () => {
    stubEditorApi();
    renderEditor();

    const category = screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement;
    expect([...category.options].map((option) => option.text)).toEqual([
      'Select a category',
      'Engineering',
      'News',
    ]);
    expect(category).toHaveValue('');
  });
});
