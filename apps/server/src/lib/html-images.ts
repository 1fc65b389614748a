import { decodeHTMLAttribute, escapeUTF8 } from 'entities';
import { Parser } from 'htmlparser2';

/** One <img> of a fragment: where its tag is, and its attributes (entities decoded). */
export interface ImgTag {
  start: number;
  /** The index of the tag's last character. */
  end: number;
  attribs: Record<string, string>;
}

/** What an attribute's name may be when we write it: what the sanitiser lets through, and ours. */
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_.:-]*$/;

/**
 * The <img> tags of an HTML fragment, in order, found by htmlparser2's tokenizer (never a pattern
 * on HTML). Text without "<img" costs no parse, and a parse builds no tree and decodes no text:
 * only the images' attributes are decoded. A 0.5 MB post takes about 12 ms (decision 065).
 */
export function findImgTags(html: string): ImgTag[] {
  if (!/<img/i.test(html)) return [];
  const tags: ImgTag[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name !== 'img') return;
        const decoded: Record<string, string> = {};
        for (const [key, value] of Object.entries(attribs)) decoded[key] = decodeHTMLAttribute(value);
        tags.push({ start: parser.startIndex, end: parser.endIndex, attribs: decoded });
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return tags;
}

/** An <img> tag of these attributes: every value escaped, any name we would not write left out. */
function imgTag(attribs: Record<string, string>) {
  const written = Object.entries(attribs)
    .filter(([name]) => ATTRIBUTE_NAME.test(name))
    .map(([name, value]) => ` ${name}="${escapeUTF8(value)}"`);
  return `<img${written.join('')}>`;
}

/**
 * The fragment with each <img> tag given replaced by an <img> of the attributes given (in that
 * order). Everything between the tags is kept byte for byte, so the stored, sanitised HTML is
 * changed only where an image is.
 */
export function replaceImgTags(html: string, tags: ImgTag[], attributes: Record<string, string>[]): string {
  if (tags.length === 0) return html;
  const parts: string[] = [];
  let at = 0;
  tags.forEach((tag, index) => {
    parts.push(html.slice(at, tag.start), imgTag(attributes[index] ?? tag.attribs));
    at = tag.end + 1;
  });
  parts.push(html.slice(at));
  return parts.join('');
}
