import { $createLinkNode, $isLinkNode } from '@lexical/link';
import { $dfs } from '@lexical/utils';
import { act } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import { $createImageNode } from '../nodes/image-node.js';
import { editorOf, renderEditor } from './editor-fixtures.js';

async function renderAndUpdate(update: () => void) {
  renderEditor();
  await act(async () => undefined);
  await act(async () => {
    editorOf().update(update, { discrete: true });
  });
  return editorOf();
}

describe('Image plugin', () => {
  it('should move an image that lands inside a paragraph (a paste) out to the top level', async () => {
    const editor = await renderAndUpdate(() => {
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append(
            $createTextNode('before'),
            $createImageNode({ src: 'https://x.test/a.png', altText: 'A' }),
            $createTextNode('after'),
          ),
        );
    });
    expect(
      editor.read(() =>
        $getRoot()
          .getChildren()
          .map((node) => node.getType()),
      ),
    ).toEqual(['paragraph', 'image', 'paragraph']);
    expect(editor.read(() => $getRoot().getTextContent())).toBe('before\n\nafter');
  });
});

describe('Link plugin', () => {
  it('should turn links the server would strip into plain text and keep the others', async () => {
    const editor = await renderAndUpdate(() => {
      $getRoot()
        .clear()
        .append(
          $createParagraphNode().append(
            $createLinkNode('tel:123').append($createTextNode('call')),
            $createLinkNode('javascript:alert(1)').append($createTextNode('js')),
            $createLinkNode('https://example.com').append($createTextNode('site')),
            $createLinkNode('/about').append($createTextNode('about')),
          ),
        );
    });
    const links = editor.read(() =>
      $dfs()
        .map(({ node }) => node)
        .filter($isLinkNode)
        .map((link) => link.getURL()),
    );
    expect(links).toEqual(['https://example.com', '/about']);
    expect(editor.read(() => $getRoot().getTextContent())).toBe('calljssiteabout');
  });
});
