import { escapeText } from 'entities';

/**
 * Text on its way into `feed` (which writes through xml-js). That pair leaves three holes that a
 * post's title or a tag's name could open, so every value is prepared here first:
 * - characters XML 1.0 cannot hold at all (control characters, lone surrogates) pass through;
 * - xml-js splits only the first `]]>` of a CDATA section, so a second one ends it early;
 * - attributes get `&` and `"` escaped but not `<`, which no XML parser accepts.
 */

/** Everything outside XML 1.0's Char production (§2.2): C0 controls, surrogates, U+FFFE/FFFF. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an element's content, which xml-js escapes itself. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML_CHAR, '');
}

/**
 * Text for the fields `feed` writes as CDATA and declares as HTML (an item's title and summary,
 * Atom's type="html"): escaped as HTML, so a reader shows the characters rather than running them
 * as markup, and no `>` is left to close the section.
 */
export function htmlText(text: string): string {
  return escapeText(xmlText(text));
}

/** Text for an attribute, or undefined when it holds `<` (which `feed` would write as it is). */
export function attributeText(text: string): string | undefined {
  const clean = xmlText(text);
  return clean.includes('<') ? undefined : clean;
}
