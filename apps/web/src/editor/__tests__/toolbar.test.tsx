import { $createHeadingNode } from '@lexical/rich-text';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { $createParagraphNode, $createTextNode, $getRoot, $isElementNode, type TextNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { editorOf, renderEditor } from './editor-fixtures.js';

const BUTTONS = [
  'Undo',
  'Redo',
  'Heading 1',
  'Heading 2',
  'Heading 3',
  'Bold',
  'Italic',
  'Underline',
  'Strikethrough',
  'Inline code',
  'Bullet list',
  'Numbered list',
  'Quote',
  'Code block',
  'Insert link',
  'Insert image',
  'Insert table',
  'Horizontal rule',
];

async function renderWithText(text = 'Hello world') {
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
}

/** Selects characters [from, to) of a text node (the first by default) of the block at `index`. */
async function select(index: number, from: number, to: number, child = 0) {
  await act(async () => {
    editorOf().update(
      () => {
        const block = $getRoot().getChildAtIndex(index);
        const text = $isElementNode(block) ? (block.getChildAtIndex(child) as TextNode) : null;
        text?.select(from, to);
      },
      { discrete: true },
    );
  });
}

function toolbarButtons() {
  return within(screen.getByRole('toolbar', { name: 'Formatting' })).getAllByRole('button');
}

describe('Editor toolbar', () => {
  it('should name every control and give it a title', async () => {
    await renderWithText();
    expect(toolbarButtons().map((button) => button.getAttribute('aria-label'))).toEqual(BUTTONS);
    for (const button of toolbarButtons()) expect(button.title).toContain(button.getAttribute('aria-label'));
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('title', 'Bold (Ctrl+B)');
  });

  it('should be a single tab stop, with Left/Right/Home/End moving focus and Tab leaving it', async () => {
    const user = userEvent.setup();
    await renderWithText();
    // Undo and Redo are disabled, so the first enabled control holds the tab stop.
    expect(toolbarButtons().filter((button) => button.tabIndex === 0)).toEqual([
      screen.getByRole('button', { name: 'Heading 1' }),
    ]);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Heading 1' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    // Wraps from the first enabled control to the last.
    expect(screen.getByRole('button', { name: 'Horizontal rule' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('button', { name: 'Heading 1' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Horizontal rule' })).toHaveFocus();

    // The last focused control is now the tab stop, and Tab goes on to the text.
    expect(toolbarButtons().filter((button) => button.tabIndex === 0)).toEqual([
      screen.getByRole('button', { name: 'Horizontal rule' }),
    ]);
    await user.tab();
    expect(screen.getByRole('textbox')).toHaveFocus();
  });

  it('should show bold as pressed when the selection is bold', async () => {
    await renderWithText();
    const bold = screen.getByRole('button', { name: 'Bold' });
    await select(0, 0, 5);
    expect(bold).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(bold);
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    expect(editorOf().read(() => ($getRoot().getFirstDescendant() as TextNode).hasFormat('bold'))).toBe(true);

    // "Hello" is now a text node of its own; " world" follows it.
    await select(0, 1, 3, 1);
    expect(bold).toHaveAttribute('aria-pressed', 'false');
  });

  it('should show the heading level of the block the selection is in', async () => {
    await renderWithText();
    await act(async () => {
      editorOf().update(
        () => {
          $getRoot().append($createHeadingNode('h2').append($createTextNode('Sub')));
        },
        { discrete: true },
      );
    });
    await select(1, 0, 1);
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Heading 1' })).toHaveAttribute('aria-pressed', 'false');

    await select(0, 0, 1);
    expect(screen.getByRole('button', { name: 'Heading 2' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('should turn a paragraph into a heading and back', async () => {
    await renderWithText();
    await select(0, 0, 0);
    const heading = screen.getByRole('button', { name: 'Heading 1' });
    await userEvent.click(heading);
    expect(screen.getByRole('textbox').querySelector('h1')).toHaveTextContent('Hello world');
    expect(heading).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heading);
    expect(screen.getByRole('textbox').querySelector('h1')).toBeNull();
    expect(heading).toHaveAttribute('aria-pressed', 'false');
  });

  it('should enable undo after a change, undo it, and then enable redo', async () => {
    await renderWithText();
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(redo).toBeDisabled();
    await select(0, 0, 5);
    await userEvent.click(screen.getByRole('button', { name: 'Italic' }));
    expect(undo).toBeEnabled();

    await userEvent.click(undo);
    expect(editorOf().read(() => ($getRoot().getFirstDescendant() as TextNode).hasFormat('italic'))).toBe(
      false,
    );
    expect(redo).toBeEnabled();
  });

  it('should offer a code language while the selection is in a code block and set it', async () => {
    const user = userEvent.setup();
    await renderWithText('const a = 1;');
    expect(screen.queryByRole('combobox', { name: 'Code language' })).not.toBeInTheDocument();
    await select(0, 0, 0);
    await user.click(screen.getByRole('button', { name: 'Code block' }));
    expect(screen.getByRole('button', { name: 'Code block' })).toHaveAttribute('aria-pressed', 'true');

    const language = screen.getByRole('combobox', { name: 'Code language' });
    expect(language).toHaveValue('');
    await user.selectOptions(language, 'TypeScript');
    expect(language).toHaveValue('typescript');
    expect(screen.getByRole('textbox').querySelector('code')).toHaveAttribute('data-language', 'typescript');
  });

  it('should insert a horizontal rule', async () => {
    await renderWithText();
    await select(0, 11, 11);
    await userEvent.click(screen.getByRole('button', { name: 'Horizontal rule' }));
    expect(screen.getByRole('textbox').querySelector('hr')).not.toBeNull();
  });

  it('should not take focus from the editor when a control is pressed with the mouse', async () => {
    await renderWithText();
    const mousedown = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    screen.getByRole('button', { name: 'Bold' }).dispatchEvent(mousedown);
    expect(mousedown.defaultPrevented).toBe(true);
  });
});
