// @vitest-environment jsdom
// jsdom provides the DOM that @lexical/html needs to export HTML, like the generator's JSDOM window.
import { CodeHighlightNode, CodeNode } from '@lexical/code';
import { HorizontalRuleNode } from '@lexical/extension';
import { createHeadlessEditor } from '@lexical/headless';
import { $generateHtmlFromNodes } from '@lexical/html';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import { blogSlug, tagSlug } from '@masthead/contract';
import { $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import { DEMO_DOMAINS, DEMO_POSTS, type DemoPost } from '../demo-content.js';

// The node set of scripts/generate-demo-content.mjs; a node missing here makes parsing throw.
const NODES = [
  HeadingNode,
  QuoteNode,
  ListNode,
  ListItemNode,
  CodeNode,
  CodeHighlightNode,
  LinkNode,
  AutoLinkNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  HorizontalRuleNode,
];

const STATUSES = ['draft', 'approved', 'published'];

function loadEditor(post: DemoPost) {
  const editor = createHeadlessEditor({
    namespace: 'masthead-demo',
    nodes: NODES,
    onError: (error) => {
      throw error;
    },
  });
  editor.setEditorState(editor.parseEditorState(post.editorState));
  return editor;
}

interface JsonNode {
  type: string;
  language?: string;
  url?: string;
  children?: JsonNode[];
}

function* walk(node: JsonNode): Generator<JsonNode> {
  yield node;
  for (const child of node.children ?? []) yield* walk(child);
}

const nodesOf = (post: DemoPost) => [...walk((JSON.parse(post.editorState) as { root: JsonNode }).root)];
const domainOf = (post: DemoPost) => DEMO_DOMAINS.find((d) => d.domain === post.domain);

describe('demo content', () => {
  it('should spread at least 25 posts over exactly two domains', () => {
    expect(DEMO_POSTS.length).toBeGreaterThanOrEqual(25);
    expect(DEMO_DOMAINS.map((d) => d.domain).sort()).toEqual(['blog.example.com', 'news.example.org']);
    expect(new Set(DEMO_POSTS.map((p) => p.domain))).toEqual(new Set(DEMO_DOMAINS.map((d) => d.domain)));
  });

  it('should use every workflow status and nothing else', () => {
    expect(new Set(DEMO_POSTS.map((p) => p.status))).toEqual(new Set(STATUSES));
  });

  // Tags and categories are stored by slug, so two names with one slug would collide on seeding.
  it('should give each tag and category of a domain a distinct slug', () => {
    for (const domain of DEMO_DOMAINS) {
      expect(new Set(domain.tags.map(tagSlug)).size, domain.domain).toBe(domain.tags.length);
      expect(new Set(domain.categories.map(tagSlug)).size, domain.domain).toBe(domain.categories.length);
    }
  });

  it('should give each post of a domain a distinct slug', () => {
    for (const domain of DEMO_DOMAINS) {
      const posts = DEMO_POSTS.filter((p) => p.domain === domain.domain);
      expect(new Set(posts.map((p) => blogSlug(p.title))).size, domain.domain).toBe(posts.length);
    }
  });

  it('should show off headings, lists, quotes, code, links, tables and rules across the posts', () => {
    const nodes = DEMO_POSTS.flatMap(nodesOf);
    const types = new Set(nodes.map((n) => n.type));
    for (const type of ['heading', 'list', 'quote', 'code', 'link', 'table', 'horizontalrule']) {
      expect(types, type).toContain(type);
    }
    expect(nodes.some((n) => n.type === 'code' && n.language)).toBe(true);
    expect(nodes.filter((n) => n.type === 'link').every((n) => n.url?.startsWith('https://'))).toBe(true);
    // At least three posts carry a table (the brief for the demo).
    expect(
      DEMO_POSTS.filter((p) => nodesOf(p).some((n) => n.type === 'table')).length,
    ).toBeGreaterThanOrEqual(3);
  });

  describe.each(DEMO_POSTS)('$title', (post) => {
    it('should only name tags, a category and field values from its domain catalog', () => {
      const domain = domainOf(post);
      expect(domain).toBeDefined();
      expect(post.tagNames.length).toBeGreaterThan(0);
      for (const tag of post.tagNames) expect(domain?.tags).toContain(tag);
      expect(domain?.categories).toContain(post.categoryName);
      const defs = domain?.columnDefs ?? [];
      expect(Object.keys(post.fields).every((key) => defs.some((def) => def.key === key))).toBe(true);
      for (const def of defs) {
        if (def.required) expect(post.fields[def.key], def.key).toBeTruthy();
        if (def.type === 'select') expect(def.options).toContain(post.fields[def.key]);
      }
    });

    it('should have the metadata the seeder needs', () => {
      expect(post.title.trim()).not.toBe('');
      expect(post.shortDescription.trim()).not.toBe('');
      expect(post.writtenBy.trim()).not.toBe('');
      expect(STATUSES).toContain(post.status);
      expect(Number.isInteger(post.daysAgo) && post.daysAgo >= 0).toBe(true);
      expect(post.featureImageUrl).toMatch(/^(https:\/\/images\.example\.com\/\S+)?$/);
    });

    it('should load in the editor and match the stored JSON, text and HTML', () => {
      const editor = loadEditor(post);
      // Same serialisation as the generator's, so a hand edit or a Lexical upgrade shows up here.
      expect(JSON.stringify(editor.getEditorState().toJSON())).toBe(post.editorState);
      editor.read(() => {
        expect($getRoot().getTextContent()).toBe(post.editorTextString);
        expect($generateHtmlFromNodes(editor, null)).toBe(post.editorHtmlContent);
      });
    });
  });
});
