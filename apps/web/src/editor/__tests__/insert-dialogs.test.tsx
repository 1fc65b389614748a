import { $isLinkNode } from '@lexical/link';
import { $isTableNode } from '@lexical/table';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createParagraphNode, $createTextNode, $getRoot, type LexicalNode, type TextNode } from 'lexical';
import { $dfs } from '@lexical/utils';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import ContentEditor from '../editor.js';
import { $isImageNode } from '../nodes/image-node.js';
import { editorOf, renderEditor } from './editor-fixtures.js';

async function setup(text = 'Read the docs') {
  const user = userEvent.setup();
  renderEditor();
  await act(async () => undefined);
  await act(async () => {
    editorOf().update(
      () => {
        $getRoot()
          .clear()
          .append($createParagraphNode().append($createTextNode(text)));
      },
      { discrete: true },
    );
  });
  return user;
}

async function selectText(from: number, to: number) {
  await act(async () => {
    editorOf().update(() => ($getRoot().getFirstDescendant() as TextNode).select(from, to), {
      discrete: true,
    });
  });
}

function $nodesOfType<T extends LexicalNode>(
  guard: (node: LexicalNode | null | undefined) => node is T,
): T[] {
  return $dfs()
    .map(({ node }) => node)
    .filter(guard);
}

const links = () =>
  editorOf().read(() => $nodesOfType($isLinkNode).map((link) => [link.getURL(), link.getTextContent()]));

async function openDialog(user: ReturnType<typeof userEvent.setup>, button: string, title: string) {
  await user.click(screen.getByRole('button', { name: button }));
  return screen.getByRole('dialog', { name: title });
}

describe('Insert link dialog', () => {
  it('should be a labelled modal dialog outside the editable area, with focus in its first field', async () => {
    const user = await setup();
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: 'Content *' })).not.toContainElement(dialog);
    expect(within(dialog).getByLabelText('Link address')).toHaveFocus();
    expect(within(dialog).getByLabelText('Link text')).toBeInTheDocument();
  });

  it('should insert nothing when the address is empty', async () => {
    const user = await setup();
    await selectText(9, 13);
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Enter the link address.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Link address')).toHaveAttribute('aria-invalid', 'true');
    expect(links()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(links()).toEqual([]);
  });

  it('should refuse addresses other than http, https and mailto', async () => {
    const user = await setup();
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.type(within(dialog).getByLabelText('Link address'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText(/starts with http:\/\/, https:\/\/ or mailto:/)).toBeInTheDocument();
    expect(links()).toEqual([]);
  });

  it('should prefill the selected text and wrap the selection in the link', async () => {
    const user = await setup();
    await selectText(9, 13);
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    expect(within(dialog).getByLabelText('Link text')).toHaveValue('docs');
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.com/docs');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(links()).toEqual([['https://example.com/docs', 'docs']]);
    expect(editorOf().read(() => $getRoot().getTextContent())).toBe('Read the docs');
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('should insert a new link at the caret, completing a bare domain to https', async () => {
    const user = await setup();
    await selectText(13, 13);
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.type(within(dialog).getByLabelText('Link address'), 'example.com');
    await user.type(within(dialog).getByLabelText('Link text'), ' here');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(links()).toEqual([['https://example.com', ' here']]);
  });

  it('should edit the link the caret is in instead of nesting a new one', async () => {
    const user = await setup();
    await selectText(9, 13);
    let dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.com/old');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    await act(async () => {
      editorOf().update(() => $nodesOfType($isLinkNode)[0]?.getFirstDescendant<TextNode>()?.select(2, 2), {
        discrete: true,
      });
    });

    dialog = await openDialog(user, 'Insert link', 'Insert link');
    expect(within(dialog).getByLabelText('Link address')).toHaveValue('https://example.com/old');
    expect(within(dialog).getByLabelText('Link text')).toHaveValue('docs');
    await user.clear(within(dialog).getByLabelText('Link address'));
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.com/new');
    await user.clear(within(dialog).getByLabelText('Link text'));
    await user.type(within(dialog).getByLabelText('Link text'), 'the guide');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(links()).toEqual([['https://example.com/new', 'the guide']]);
  });

  // Regression: React passes the dialog's submit up through the portal to the post form.
  it('should not submit a form the editor is in', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const onKeyDown = vi.fn();
    render(
      <form onSubmit={onSubmit} onKeyDown={onKeyDown}>
        <ContentEditor
          id="content"
          labelledBy="content-label"
          initialState={null}
          onChange={() => undefined}
        />
      </form>,
    );
    await act(async () => undefined);
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.com{Enter}');
    expect(links()).toEqual([['https://example.com', 'https://example.com']]);
    await openDialog(user, 'Insert link', 'Insert link');
    await user.keyboard('{Escape}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onKeyDown).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });

  it('should close on Escape without inserting', async () => {
    const user = await setup();
    const dialog = await openDialog(user, 'Insert link', 'Insert link');
    await user.type(within(dialog).getByLabelText('Link address'), 'https://example.com');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(links()).toEqual([]);
  });
});

describe('Insert image dialog', () => {
  it('should require an http(s) address and alt text', async () => {
    const user = await setup();
    const dialog = await openDialog(user, 'Insert image', 'Insert image');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Enter the image address.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a short description of the image.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Image address')).toHaveFocus();

    await user.type(within(dialog).getByLabelText('Image address'), 'data:image/png;base64,AAAA');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(
      within(dialog).getByText('Enter an address that starts with http:// or https://.'),
    ).toBeInTheDocument();
    expect(editorOf().read(() => $nodesOfType($isImageNode))).toEqual([]);
  });

  it('should insert a figure with the caption and return focus to the editor', async () => {
    const user = await setup();
    await selectText(13, 13);
    const dialog = await openDialog(user, 'Insert image', 'Insert image');
    await user.type(within(dialog).getByLabelText('Image address'), 'https://images.example.com/a.png');
    await user.type(within(dialog).getByLabelText('Alt text'), 'A chart');
    await user.type(within(dialog).getByLabelText('Caption'), 'Figure 1');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const figure = screen.getByRole('textbox').querySelector('figure');
    expect(figure?.querySelector('img')).toHaveAttribute('alt', 'A chart');
    expect(figure?.querySelector('figcaption')).toHaveTextContent('Figure 1');
    expect(editorOf().read(() => $nodesOfType($isImageNode).map((image) => image.getPayload()))).toEqual([
      {
        src: 'https://images.example.com/a.png',
        altText: 'A chart',
        maxWidth: 500,
        width: 0,
        height: 0,
        showCaption: true,
        caption: 'Figure 1',
      },
    ]);
    expect(screen.getByRole('textbox')).toHaveFocus();
  });
});

describe('Insert table dialog', () => {
  it('should refuse row and column counts out of range', async () => {
    const user = await setup();
    const dialog = await openDialog(user, 'Insert table', 'Insert table');
    const rows = within(dialog).getByLabelText('Rows');
    await user.clear(rows);
    await user.type(rows, '0');
    const columns = within(dialog).getByLabelText('Columns');
    await user.clear(columns);
    await user.type(columns, '99');
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));
    expect(within(dialog).getByText('Enter a whole number of rows from 1 to 50.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number of columns from 1 to 12.')).toBeInTheDocument();
    expect(rows).toHaveFocus();
    expect(editorOf().read(() => $nodesOfType($isTableNode))).toEqual([]);
  });

  it('should insert a table of the given size with a header row', async () => {
    const user = await setup();
    await selectText(13, 13);
    const dialog = await openDialog(user, 'Insert table', 'Insert table');
    const rows = within(dialog).getByLabelText('Rows');
    await user.clear(rows);
    await user.type(rows, '2');
    expect(within(dialog).getByRole('checkbox', { name: 'Header row' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Insert' }));

    const table = screen.getByRole('textbox').querySelector('table');
    expect(table?.querySelectorAll('tr')).toHaveLength(2);
    expect(table?.querySelectorAll('tr:first-child > th')).toHaveLength(3);
    expect(table?.querySelectorAll('tr:last-child > td')).toHaveLength(3);
    // The caret is now in the first cell, and Lexical does not nest tables.
    expect(screen.getByRole('button', { name: 'Insert table' })).toBeDisabled();
  });
});
