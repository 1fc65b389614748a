import { describe, expect, it } from 'vitest';
import { contentIsEmpty, type EditorContent } from '../editor-content.js';

const content = (editorTextString: string, editorHtmlContent = ''): EditorContent => ({
  editorTextString,
  editorHtmlContent,
  editorState: '{}',
});

describe('contentIsEmpty', () => {
  it('should be true for blank text and no image, table or rule', () => {
    expect(contentIsEmpty(content(''))).toBe(true);
    expect(contentIsEmpty(content(' \n\n\t', '<p><br></p><p class="x"></p>'))).toBe(true);
  });

  it('should be false when there is text', () => {
    expect(contentIsEmpty(content('Hello', '<p>Hello</p>'))).toBe(false);
  });

  it.each([
    ['an image', '<figure><img src="https://x.test/a.png" alt=""></figure>'],
    ['a table', '<table><tbody><tr><td><p><br></p></td></tr></tbody></table>'],
    ['a horizontal rule', '<hr>'],
  ])('should be false for %s without text', (_name, html) => {
    expect(contentIsEmpty(content('\n', html))).toBe(false);
  });

  it('should not mistake escaped text for an element', () => {
    expect(contentIsEmpty(content(' ', '<p>&lt;img&gt;</p>'))).toBe(true);
  });
});
