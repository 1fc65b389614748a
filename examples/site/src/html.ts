import { escapeUTF8 } from 'entities';

/** Markup that is already safe: made by `html` itself, or HTML the server sanitised. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}

/** Marks text as markup, as is: only for Masthead's sanitised `html` and the site's own markup. */
export const raw = (text: string) => new SafeHtml(text);

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  // Escapes & < > " ' (the entities package): safe in text and in quoted attribute values.
  return escapeUTF8(String(value));
}

/**
 * A template whose every interpolation is escaped, unless it is SafeHtml (another `html`
 * template, or `raw`). Attribute values are always written in double quotes.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let text = strings[0]!;
  values.forEach((value, index) => {
    text += render(value) + strings[index + 1]!;
  });
  return new SafeHtml(text);
}

/** An http(s) address from the network, or null: anything else never becomes an href or a src. */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
