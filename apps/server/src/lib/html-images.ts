import { DomUtils, parseDocument } from 'htmlparser2';

type Element = Parameters<typeof DomUtils.getOuterHTML>[0] & { attribs: Record<string, string> };

/** One <img> of a fragment: where its tag is, and its attributes (entities decoded). */
export interface ImgTag {
  start: number;
  /** The index of the tag's last character. */
  end: number;
  attribs: Record<string, string>;
  element: Element;
}

/**
 * The <img> tags of an HTML fragment, in order, found by a real parser (never a pattern on HTML).
 * Text without "<img" costs no parse: most posts have no image, and the check is a scan.
 */
export function findImgTags(html: string): ImgTag[] {
  if (!/<img/i.test(html)) return [];
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  return DomUtils.getElementsByTagName('img', document.children, true).flatMap((element) =>
    element.startIndex === null || element.endIndex === null
      ? []
      : [{ start: element.startIndex, end: element.endIndex, attribs: element.attribs, element }],
  );
}

/**
 * The fragment with each <img> tag given replaced by an <img> of the attributes given (in that
 * order, values escaped by dom-serializer). Everything between the tags is kept byte for byte, so
 * the stored, sanitised HTML is changed only where an image is.
 */
export function replaceImgTags(html: string, tags: ImgTag[], attributes: Record<string, string>[]): string {
  if (tags.length === 0) return html;
  const parts: string[] = [];
  let at = 0;
  tags.forEach((tag, index) => {
    // The parsed element itself, given its new attributes: dom-serializer escapes every value.
    tag.element.attribs = attributes[index] ?? tag.attribs;
    parts.push(html.slice(at, tag.start), DomUtils.getOuterHTML(tag.element));
    at = tag.end + 1;
  });
  parts.push(html.slice(at));
  return parts.join('');
}
