import { act, screen } from '@testing-library/react';
import { $createParagraphNode, $createTextNode, $getRoot } from 'lexical';
import { describe, expect, it, vi } from 'vitest';
import demoContent from '../../../../server/src/demo/demo-posts.json';
import type { EditorContent } from '../editor-content.js';
import { editorOf, everyNodeState, renderEditor, serialise } from './editor-fixtures.js';

// The seeded demo posts, whose states the server's generator wrote with the standard Lexical nodes.
const demoPosts = demoContent.posts;

function withoutListTextFormat(state: string): unknown {
  return JSON.parse(state, function (key, value: unknown) {
    if (key === 'textFormat' && (this as { type?: string }).type === 'list') return undefined;
    return value;
  });
}

/** Lets the editor commit its first state and the plugins register. */
async function settle() {
  await act(async () => undefined);
}

describe('ContentEditor restoring a saved state', () => {
  it('should give back the identical JSON for a state with every node type', async () => {
    const state = everyNodeState();
    const onChange = vi.fn();
    renderEditor({ initialState: state, onChange });
    await settle();
    expect(serialise(editorOf())).toBe(state);
    // Restoring is not an edit.
    expect(onChange).not.toHaveBeenCalled();
  });

  it('should render every node of that state', async () => {
    renderEditor({ initialState: everyNodeState() });
    await settle();
    const content = screen.getByRole('textbox');
    expect(content.querySelector('h1')).toHaveTextContent('Title h1');
    expect(content.querySelector('figure img')).toHaveAttribute(
      'src',
      'https://images.example.com/photo.jpg',
    );
    expect(content.querySelector('figcaption')).toHaveTextContent('The caption');
    expect(content.querySelector('hr')).not.toBeNull();
    expect(content.querySelector('table colgroup col')).toHaveStyle({ width: '120px' });
    expect(content.querySelector('code[data-language="typescript"]')).not.toBeNull();
  });

  it('should restore a demo post with code, a table and a horizontal rule to the identical JSON', async () => {
    const post = demoPosts.find((candidate) => candidate.title.startsWith('Example CLI 3.2'))!;
    expect(post.editorState).toMatch(
      /"type":"table".*"type":"horizontalrule"|"type":"horizontalrule".*"type":"table"/,
    );
    renderEditor({ initialState: post.editorState });
    await settle();
    expect(serialise(editorOf())).toBe(post.editorState);
  });

  // The demo states were written headlessly. Rendering them, Lexical's reconciler records on each
  // list the format of its first text (so a bold first item gets a bold marker), which the JSON then
  // carries as the list's textFormat. That derived field is the only difference allowed.
  it.each(demoPosts.map((post) => [post.title, post] as const))(
    'should restore the demo post "%s" without loss',
    async (_title, post) => {
      renderEditor({ initialState: post.editorState });
      await settle();
      const editor = editorOf();
      expect(withoutListTextFormat(serialise(editor))).toEqual(withoutListTextFormat(post.editorState));
      expect(editor.read(() => $getRoot().getTextContent())).toBe(post.editorTextString);
    },
  );

  it('should report all three forms on the first edit', async () => {
    const onChange = vi.fn<(content: EditorContent) => void>();
    renderEditor({ initialState: everyNodeState(), onChange });
    await settle();
    await act(async () => {
      editorOf().update(() => {
        $getRoot().append($createParagraphNode().append($createTextNode('Added')));
      });
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    const content = onChange.mock.calls[0]![0];
    expect(JSON.parse(content.editorState).root.children.at(-1).children[0].text).toBe('Added');
    expect(content.editorTextString).toMatch(/^Title h1\n\n[^]*Added$/);
    expect(content.editorHtmlContent).toContain('<h1');
    expect(content.editorHtmlContent).toMatch(/<table[^>]*data-lexical-frozen-column="true"/);
    expect(content.editorHtmlContent).toContain('<figure><img src="https://images.example.com/photo.jpg"');
  });

  it('should not report selection-only changes', async () => {
    const onChange = vi.fn();
    renderEditor({ initialState: everyNodeState(), onChange });
    await settle();
    await act(async () => {
      editorOf().update(() => $getRoot().getFirstDescendant()?.selectStart());
    });
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('ContentEditor starting without a state', () => {
  it('should start empty with the placeholder', async () => {
    renderEditor({ initialState: '' });
    await settle();
    expect(screen.getByText('Enter your blog content...')).toBeInTheDocument();
    expect(editorOf().read(() => $getRoot().getTextContent())).toBe('');
  });

  it('should start empty for a saved state whose root has no children', async () => {
    renderEditor({
      initialState:
        '{"root":{"children":[],"direction":null,"format":"","indent":0,"type":"root","version":1}}',
    });
    await settle();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your blog content...')).toBeInTheDocument();
  });

  it('should load initialHtml when there is no state', async () => {
    renderEditor({
      initialState: null,
      initialHtml:
        '<h2>From the API</h2><p>Some <b>bold</b> text</p><figure><img src="https://x.test/a.png" alt="A"></figure>',
    });
    await settle();
    const content = screen.getByRole('textbox');
    expect(content.querySelector('h2')).toHaveTextContent('From the API');
    expect(content.querySelector('strong')).toHaveTextContent('bold');
    expect(content.querySelector('figure img')).toHaveAttribute('alt', 'A');
  });

  it('should prefer the state over initialHtml', async () => {
    renderEditor({ initialState: everyNodeState(), initialHtml: '<p>ignored</p>' });
    await settle();
    expect(screen.getByRole('textbox')).not.toHaveTextContent('ignored');
  });
});

describe('ContentEditor failing', () => {
  it.each([
    ['JSON that does not parse', '{"root": '],
    ['an unknown node type', '{"root":{"children":[{"type":"nope","version":1}],"type":"root","version":1}}'],
  ])(
    'should show "An error was thrown." for %s and leave the rest of the page alone',
    async (_name, state) => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderEditor({ initialState: state });
      await settle();
      expect(screen.getByRole('alert')).toHaveTextContent('An error was thrown.');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      expect(screen.getByText('Content *')).toBeInTheDocument();
      expect(log).toHaveBeenCalled();
    },
  );
});
