import { $isHorizontalRuleNode } from '@lexical/extension';
import { $isLinkNode } from '@lexical/link';
import { $convertFromMarkdownString, $convertToMarkdownString } from '@lexical/markdown';
import { $dfs } from '@lexical/utils';
import { $getRoot, $isTextNode, type ElementNode } from 'lexical';
import { describe, expect, it } from 'vitest';
import { EDITOR_TRANSFORMERS } from '../plugins/markdown-plugin/markdown-transformers.js';
import { createTestEditor } from './editor-fixtures.js';

function importMarkdown(markdown: string) {
  const editor = createTestEditor();
  editor.update(() => $convertFromMarkdownString(markdown, EDITOR_TRANSFORMERS), { discrete: true });
  return editor;
}

describe('Markdown transformers', () => {
  it.each(['---', '***', '___'])('should turn %s on its own line into a horizontal rule', (rule) => {
    const editor = importMarkdown(`Above\n\n${rule}\n\nBelow`);
    const types = editor.read(() =>
      $getRoot()
        .getChildren()
        .map((node) => node.getType()),
    );
    expect(types).toEqual(['paragraph', 'horizontalrule', 'paragraph']);
    expect(editor.read(() => $convertToMarkdownString(EDITOR_TRANSFORMERS))).toBe('Above\n\n---\n\nBelow');
  });

  it('should import headings, lists, quote, code and inline formats', () => {
    const editor = importMarkdown(
      '# One\n\n## Two\n\n### Three\n\n- a\n- b\n\n1. c\n\n> q\n\n```ts\nlet x;\n```\n\n**b** *i* `c` ~~s~~',
    );
    const types = editor.read(() =>
      $getRoot()
        .getChildren()
        .map((node) => node.getType()),
    );
    expect(types).toEqual(['heading', 'heading', 'heading', 'list', 'list', 'quote', 'code', 'paragraph']);
    const formats = editor.read(() =>
      $getRoot()
        .getLastChildOrThrow<ElementNode>()
        .getChildren()
        .filter($isTextNode)
        .filter((node) => node.getTextContent().trim() !== '')
        .map((node) => [node.getTextContent(), node.getFormat()]),
    );
    expect(formats).toEqual([
      ['b', 1],
      ['i', 2],
      ['c', 16],
      ['s', 4],
    ]);
  });

  it('should make links of http, https and mailto addresses only', () => {
    const editor = importMarkdown(
      '[ok](https://example.com) [mail](mailto:a@example.com) [bad](javascript:alert(1)) [tel](tel:123)',
    );
    const links = editor.read(() =>
      $dfs()
        .map(({ node }) => node)
        .filter($isLinkNode)
        .map((link) => link.getURL()),
    );
    expect(links).toEqual(['https://example.com', 'mailto:a@example.com']);
    expect(editor.read(() => $getRoot().getTextContent())).toContain('[bad](javascript:alert(1))');
    expect(editor.read(() => $dfs().some(({ node }) => $isHorizontalRuleNode(node)))).toBe(false);
  });
});
