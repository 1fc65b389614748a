import { describe, expect, it } from 'vitest';
import { html, raw, webUrl } from '../html.js';

describe('html', () => {
  it('should escape every interpolation, in text and in attributes', () => {
    const hostile = `"><script>alert('x')</script>&`;
    expect(html`<a title="${hostile}">${hostile}</a>`.text).toBe(
      '<a title="&quot;&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&amp;">' +
        '&quot;&gt;&lt;script&gt;alert(&apos;x&apos;)&lt;/script&gt;&amp;</a>',
    );
  });

  it('should keep nested templates and raw markup, join arrays and drop null, undefined and false', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    // prettier-ignore
    const list = html`<ul>${items}</ul>${null}${undefined}${false}${0}${raw('<hr>')}`;
    expect(list.text).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>0<hr>');
  });
});

describe('webUrl', () => {
  it.each([
    ['https://cdn.example.com/a.png', 'https://cdn.example.com/a.png'],
    ['http://localhost:3000/storage/a.png', 'http://localhost:3000/storage/a.png'],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['/relative.png', null],
    ['', null],
    [42, null],
  ])('should take %j as %j', (value, expected) => {
    expect(webUrl(value)).toBe(expected);
  });
});
