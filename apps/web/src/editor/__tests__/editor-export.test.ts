import { $generateNodesFromDOM } from '@lexical/html';
import { $createTableNodeWithDimensions } from '@lexical/table';
import { $getRoot, $isElementNode } from 'lexical';
import { beforeAll, describe, expect, it } from 'vitest';
import { $createImageNode, $isImageNode, DEFAULT_IMAGE_MAX_WIDTH, ImageNode } from '../nodes/image-node.js';
import { $importHtml } from '../utils/import-html.js';
import { $appendEveryNode, createTestEditor, exportHtml } from './editor-fixtures.js';

function parse(html: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
}

describe('HTML export of every node', () => {
  let root: HTMLElement;
  beforeAll(() => {
    const editor = createTestEditor();
    editor.update($appendEveryNode, { discrete: true });
    root = parse(exportHtml(editor));
  });

  it('should export headings 1 to 3, the quote and the lists', () => {
    expect(['h1', 'h2', 'h3'].map((tag) => root.querySelector(tag)?.textContent)).toEqual([
      'Title h1',
      'Title h2',
      'Title h3',
    ]);
    expect(root.querySelector('blockquote')?.textContent).toBe('A quote');
    expect(root.querySelector('ul > li > ul > li')?.textContent).toBe('nested');
    expect(root.querySelector('ol[start="3"] > li')?.textContent).toBe('three');
  });

  it('should export links with their address', () => {
    const links = Array.from(root.querySelectorAll('a')).map((a) => [a.getAttribute('href'), a.textContent]);
    expect(links).toEqual([
      ['https://example.com/page', 'a link'],
      ['https://example.org', 'https://example.org'],
    ]);
  });

  it('should export the code block as <pre> with its language and no spellcheck', () => {
    const pre = root.querySelector('pre');
    expect(pre?.getAttribute('data-language')).toBe('typescript');
    expect(pre?.getAttribute('spellcheck')).toBe('false');
    expect(pre?.textContent).toBe('const a = 1;a++;');
    expect(pre?.querySelector('br')).not.toBeNull();
  });

  it('should export the horizontal rule as <hr>', () => {
    expect(root.querySelectorAll('hr')).toHaveLength(1);
  });

  it('should export the image as a figure with img (max-width 500px by default) and figcaption', () => {
    const figure = root.querySelector('figure');
    const img = figure?.querySelector(':scope > img');
    expect(img?.getAttribute('src')).toBe('https://images.example.com/photo.jpg');
    expect(img?.getAttribute('alt')).toBe('A photo');
    expect(img?.getAttribute('width')).toBe('640');
    expect(img?.getAttribute('height')).toBe('480');
    expect(img?.getAttribute('style')).toBe('max-width: 500px;');
    expect(figure?.querySelector(':scope > figcaption')?.textContent).toBe('The caption');
    // Only what the server's sanitiser allows on these elements.
    expect(figure?.getAttributeNames()).toEqual([]);
    expect(img?.getAttributeNames()).toEqual(['src', 'alt', 'width', 'height', 'style']);
  });

  it('should export the table with column widths, striping, frozen markers, spans and cell styles', () => {
    const table = root.querySelector('table');
    expect(table?.getAttribute('data-lexical-row-striping')).toBe('true');
    expect(
      Array.from(root.querySelectorAll('table > colgroup > col')).map(
        (col) => (col as HTMLElement).style.width,
      ),
    ).toEqual(['120px', '200px', '90px']);
    const headers = Array.from(root.querySelectorAll('table > tbody > tr:first-child > th'));
    expect(headers.map((th) => th.textContent)).toEqual(['A', 'B', 'C']);
    expect(root.querySelectorAll('tr')[1]?.style.height).toBe('40px');
    const wide = root.querySelector<HTMLElement>('td[colspan="2"]');
    expect(wide?.style.backgroundColor).toBe('rgb(255, 238, 170)');
    const tall = root.querySelector<HTMLElement>('td[rowspan="2"]');
    expect(tall?.style.verticalAlign).toBe('middle');
    const widths = Array.from(root.querySelectorAll<HTMLElement>('tr:last-child > td')).map(
      (td) => td.style.width,
    );
    // A cell without a width of its own is exported 75px wide (spec §9, Lexical's COLUMN_WIDTH).
    expect(widths).toEqual(['150px', '75px']);
  });
});

describe('ImageNode', () => {
  it('should leave out width, height and the caption when not set, and default max-width to 500', () => {
    const editor = createTestEditor();
    editor.update(
      () => {
        $getRoot()
          .clear()
          .append($createImageNode({ src: 'https://x.test/a.png', altText: 'A', caption: 'hidden' }));
      },
      { discrete: true },
    );
    expect(exportHtml(editor)).toBe(
      '<figure><img src="https://x.test/a.png" alt="A" style="max-width: 500px;"></figure>',
    );
    expect(DEFAULT_IMAGE_MAX_WIDTH).toBe(500);
  });

  it('should serialise all its fields as version 1 and read them back', () => {
    const editor = createTestEditor();
    const payload = {
      src: 'https://x.test/a.png',
      altText: 'Alt',
      maxWidth: 320,
      width: 300,
      height: 200,
      showCaption: true,
      caption: 'Cap',
    };
    editor.update(() => $getRoot().clear().append($createImageNode(payload)), { discrete: true });
    const json = editor.getEditorState().toJSON();
    expect(json.root.children[0]).toEqual({ type: 'image', version: 1, ...payload });
    const restored = editor.parseEditorState(JSON.stringify(json));
    expect(restored.read(() => ($getRoot().getFirstChild() as ImageNode).getPayload())).toEqual(payload);
  });

  it('should import <figure> with its caption and a bare <img>, and drop images that are not http(s)', () => {
    const editor = createTestEditor();
    const html =
      '<figure><img src="https://x.test/a.png" alt="A" width="300" style="max-width: 320px"><figcaption>Cap</figcaption></figure>' +
      '<p><img src="https://x.test/b.png" alt="B"></p><p><img src="data:image/png;base64,AAAA" alt="C"></p>';
    let images: unknown[] = [];
    editor.update(
      () => {
        images = $generateNodesFromDOM(editor, new DOMParser().parseFromString(html, 'text/html'))
          .flatMap((node) => ($isElementNode(node) ? node.getChildren() : [node]))
          .filter($isImageNode)
          .map((node) => node.getPayload());
      },
      { discrete: true },
    );
    expect(images).toEqual([
      {
        src: 'https://x.test/a.png',
        altText: 'A',
        maxWidth: 320,
        width: 300,
        height: 0,
        showCaption: true,
        caption: 'Cap',
      },
      {
        src: 'https://x.test/b.png',
        altText: 'B',
        maxWidth: 500,
        width: 0,
        height: 0,
        showCaption: false,
        caption: '',
      },
    ]);
  });

  it('should lift an image out of its paragraph when HTML is imported', () => {
    const editor = createTestEditor();
    editor.update(
      () => $importHtml(editor, '<p>before<img src="https://x.test/a.png" alt="A">after</p>loose'),
      {
        discrete: true,
      },
    );
    const types = editor.read(() =>
      $getRoot()
        .getChildren()
        .map((node) => node.getType()),
    );
    expect(types).toEqual(['paragraph', 'image', 'paragraph', 'paragraph']);
    expect(parse(exportHtml(editor)).querySelector('p figure, p img')).toBeNull();
  });
});

describe('table insertion defaults', () => {
  it('should give new cells the 75px default export width', () => {
    const editor = createTestEditor();
    editor.update(
      () =>
        $getRoot()
          .clear()
          .append($createTableNodeWithDimensions(2, 2, true)),
      { discrete: true },
    );
    const cells = Array.from(parse(exportHtml(editor)).querySelectorAll<HTMLElement>('th, td'));
    expect(cells).toHaveLength(4);
    expect(cells.map((cell) => cell.style.width)).toEqual(['75px', '75px', '75px', '75px']);
  });
});
