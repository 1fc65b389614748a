import sanitizeHtml from 'sanitize-html';
import { ElementType, Parser, parseDocument } from 'htmlparser2';

// Allowlist for the HTML that Lexical 0.52's $generateHtmlFromNodes writes (see the exportDOM/createDOM
// methods in lexical, @lexical/rich-text, list, code-core, link and table) plus the product's image node
// (<figure><img><figcaption>). Anything Lexical does not write is dropped, so a client that skips the
// editor and posts raw HTML gains nothing. Attribute *values* are checked below; sanitize-html only
// checks names.

const TEXT_TAGS = ['span', 'strong', 'em', 'b', 'i', 'u', 's', 'code', 'mark', 'sub', 'sup', 'br'];
const BLOCK_TAGS = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'hr'];
const LIST_TAGS = ['ul', 'ol', 'li'];
const TABLE_TAGS = ['table', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'th', 'td'];
const MEDIA_TAGS = ['a', 'figure', 'img', 'figcaption'];

// Every value pattern is anchored and admits no parentheses except the rgb() form, so neither url(),
// expression() nor escapes can get through.
const PX = /^\d{1,5}(?:\.\d{1,4})?px$/;
const COLOR = [
  /^#[0-9a-f]{3,8}$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d{1,4})\s*)?\)$/i,
  /^[a-z]{3,20}$/i, // named colours (red, transparent)
];
const TEXT_ALIGN = [/^(?:left|start|center|right|end|justify)$/];
// TextNode.exportDOM writes white-space and text-transform; the other three express the same formats the
// way pasted Google Docs/Word HTML does, which Lexical's importer understands, so they are kept too.
const TEXT_STYLES = {
  'white-space': [/^pre-wrap$/],
  'text-transform': [/^(?:lowercase|uppercase|capitalize)$/],
  'font-weight': [/^(?:normal|bold|[1-9]00)$/],
  'font-style': [/^(?:normal|italic)$/],
  'text-decoration': [/^(?:none|underline|line-through|underline line-through|line-through underline)$/],
};
// ElementNode.exportDOM writes the indent as padding-inline-start; block nodes add text-align.
const BLOCK_STYLES = { 'text-align': TEXT_ALIGN, 'padding-inline-start': [PX] };
const CELL_STYLES = {
  'text-align': TEXT_ALIGN,
  width: [PX],
  'vertical-align': [/^(?:top|middle|bottom)$/],
  'background-color': COLOR,
  // TableCellNode.exportDOM hard-codes "1px solid black" so tables look like tables outside the editor.
  border: [/^\d{1,2}px solid (?:#[0-9a-f]{3,8}|[a-z]{3,20})$/i],
};

const allowedStyles: Record<string, Record<string, RegExp[]>> = {
  ...Object.fromEntries(['span', 'strong', 'em', 'code', 'mark', 'sub', 'sup'].map((t) => [t, TEXT_STYLES])),
  ...Object.fromEntries(
    ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'].map((t) => [t, BLOCK_STYLES]),
  ),
  li: { 'text-align': TEXT_ALIGN },
  table: { 'padding-inline-start': [PX] },
  col: { width: [PX] },
  tr: { height: [PX] },
  td: CELL_STYLES,
  th: CELL_STYLES,
  img: { 'max-width': [PX, /^\d{1,3}(?:\.\d+)?%$/] },
};

const allowedAttributes: Record<string, string[]> = {
  '*': ['class', 'dir'],
  p: ['data-lexical-indent'],
  ...Object.fromEntries(
    ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'].map((t) => [t, ['data-lexical-indent']]),
  ),
  // data-lexical-managed-linebreak marks the terminator <br> Lexical adds after a trailing line break.
  br: ['data-lexical-managed-linebreak'],
  code: ['spellcheck'],
  pre: ['spellcheck', 'data-language', 'data-highlight-language', 'data-theme'],
  // Lexical writes the check-list marker as a literal "__lexicalListType" attribute (HTML lower-cases it).
  ul: ['__lexicallisttype'],
  ol: ['start'],
  li: ['value', 'role', 'tabindex', 'aria-checked'],
  table: [
    'data-lexical-indent',
    'data-lexical-row-striping',
    'data-lexical-frozen-column',
    'data-lexical-frozen-row',
  ],
  col: ['width', 'span'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  a: ['href', 'target', 'rel', 'title'],
  img: ['src', 'alt', 'width', 'height'],
};
// sanitize-html passes a style attribute through untouched on a tag with no allowedStyles entry, so the
// style attribute is only ever granted together with its style allowlist.
for (const tag of Object.keys(allowedStyles))
  allowedAttributes[tag] = [...(allowedAttributes[tag] ?? []), 'style'];

// Values for attributes whose meaning is an enumeration or a number; anything else is removed.
const TRUE = /^true$/;
const COUNT = /^[1-9]\d{0,3}$/;
const attributeValues: Record<string, RegExp> = {
  dir: /^(?:ltr|rtl|auto)$/,
  spellcheck: /^(?:true|false)$/,
  'data-language': /^[\w#+.-]{1,40}$/,
  'data-highlight-language': /^[\w#+.-]{1,40}$/,
  'data-theme': /^[\w-]{1,40}$/,
  'data-lexical-indent': /^\d{1,2}$/,
  'data-lexical-managed-linebreak': TRUE,
  'data-lexical-row-striping': TRUE,
  'data-lexical-frozen-column': TRUE,
  'data-lexical-frozen-row': TRUE,
  __lexicallisttype: /^check$/,
  start: /^-?\d{1,9}$/,
  value: /^-?\d{1,9}$/,
  role: /^checkbox$/,
  tabindex: /^-1$/,
  'aria-checked': /^(?:true|false)$/,
  colspan: COUNT,
  rowspan: COUNT,
  span: COUNT,
  scope: /^(?:row|col|rowgroup|colgroup)$/,
  width: /^\d{1,5}$/,
  height: /^\d{1,5}$/,
  // Case-sensitive on purpose: browsers read "_BLANK" as _blank, which would dodge the rel fix below.
  target: /^(?:_blank|_self|_parent|_top)$/,
};
const REL_TOKENS = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc', 'sponsored', 'external']);
// Only the editor's own theme classes (apps/web/src/editor/editor-theme.ts: editor-paragraph,
// editor-text--bold, editor-table-cell--header …). Any other class is a hook into the public site's
// stylesheet: `class="fixed inset-0 z-50"` would let a post cover the page it is shown on.
const EDITOR_CLASS = /^editor-[a-z0-9]+(?:(?:-|--|__)[a-z0-9]+)*$/;

function editorClasses(value: string): string {
  return value
    .split(/\s+/)
    .filter((token) => EDITOR_CLASS.test(token))
    .join(' ');
}

function checkAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const checked: sanitizeHtml.Attributes = {};
  for (const [name, value] of Object.entries(attribs)) {
    const pattern = attributeValues[name];
    if (!pattern || pattern.test(value)) checked[name] = value;
  }
  if (checked.class !== undefined) {
    const classes = editorClasses(checked.class);
    if (classes) checked.class = classes;
    else delete checked.class;
  }
  if (tagName === 'a') {
    const rel = (checked.rel ?? '').split(/\s+/).filter((token) => REL_TOKENS.has(token));
    // A page opened with target=_blank gets window.opener (and the referrer) unless told otherwise.
    if (checked.target === '_blank') {
      for (const token of ['noopener', 'noreferrer']) if (!rel.includes(token)) rel.push(token);
    }
    if (rel.length > 0) checked.rel = rel.join(' ');
    else delete checked.rel;
  }
  return { tagName, attribs: checked };
}

// Elements whose content is code, markup or form state rather than prose: dropped with their text, or a
// <script>'s source would reappear as visible text.
const NON_TEXT_TAGS = [
  ...['script', 'style', 'textarea', 'option', 'select', 'xmp', 'noscript', 'noembed', 'noframes'],
  ...['template', 'title', 'head', 'iframe', 'object', 'svg', 'math'],
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...BLOCK_TAGS, ...LIST_TAGS, ...TABLE_TAGS, ...MEDIA_TAGS],
  allowedAttributes,
  allowedStyles,
  allowedSchemes: ['http', 'https', 'mailto'],
  // data: images are refused too: uploads go through the media library, not inline into the post.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Void elements we allow; sanitize-html's default list lacks <col> and would emit a stray </col>.
  selfClosing: ['br', 'hr', 'img', 'col'],
  nonTextTags: NON_TEXT_TAGS,
  transformTags: { '*': checkAttributes },
  // A link whose href was refused keeps its text; an <img> whose src was refused is only a broken-image
  // icon, so it goes entirely.
  exclusiveFilter: (frame) =>
    frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : frame.tag === 'img' && !frame.attribs.src,
};

/** Reduces editor HTML to the allowlisted subset of what Lexical exports; safe to render as-is. */
export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

type DomNode = ReturnType<typeof parseDocument>['children'][number];

// Elements whose boundaries are line breaks when read as text; everything else is inline.
const TEXT_BLOCKS = new Set([
  ...BLOCK_TAGS,
  ...LIST_TAGS,
  ...TABLE_TAGS,
  ...['figure', 'figcaption', 'div', 'section', 'article', 'header', 'footer', 'aside', 'nav', 'main'],
  ...['address', 'dl', 'dt', 'dd', 'caption'],
]);

/**
 * The readable text of an HTML fragment, for search indexing: entities decoded, each block on its own
 * line, and the contents of script, style and the other non-text elements left out.
 */
export function htmlToPlainText(html: string): string {
  let text = '';
  // An explicit stack rather than recursion, so a pathologically deep document cannot overflow the call
  // stack. '\n' entries mark where a block element ends.
  const stack: (DomNode | '\n')[] = parseDocument(html).children.toReversed();
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node === '\n') text += '\n';
    // Newlines in the source are just whitespace, as a browser renders them; only elements break lines.
    else if (node.type === ElementType.Text) text += node.data.replace(/\s+/g, ' ');
    else if (node.type === ElementType.Tag && !NON_TEXT_TAGS.includes(node.name)) {
      if (node.name === 'br' || TEXT_BLOCKS.has(node.name)) text += '\n';
      if (TEXT_BLOCKS.has(node.name)) stack.push('\n');
      for (const child of node.children.toReversed()) stack.push(child);
    }
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

/** Lexical output nests a few dozen levels at most (nested lists inside table cells). */
export const MAX_HTML_DEPTH = 200;

/**
 * True when elements nest deeper than `maxDepth`. Parsing deeply nested HTML takes time that
 * grows with the square of the depth, so the streaming parser stops as soon as the limit is
 * passed, before the sanitiser ever sees the document.
 */
export function htmlNestsTooDeep(html: string, maxDepth = MAX_HTML_DEPTH): boolean {
  let depth = 0;
  let tooDeep = false;
  const parser = new Parser({
    onopentag() {
      depth++;
      if (depth > maxDepth && !tooDeep) {
        tooDeep = true;
        parser.pause();
      }
    },
    onclosetag() {
      depth--;
    },
  });
  parser.write(html);
  if (!tooDeep) parser.end();
  return tooDeep;
}
