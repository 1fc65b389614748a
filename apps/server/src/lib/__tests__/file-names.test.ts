import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition, safeKeyName } from '../file-names.js';

describe('cleanFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['/home/me/photo.png', 'photo.png'],
    ['C:\\fakepath\\photo.png', 'photo.png'],
    ['../../../etc/passwd', 'passwd'],
    ['a\u0000b\u001fc\u007fd\u0085e.png', 'abcde.png'],
    ['bidi\u202e\u2066x\u200b.png', 'bidix.png'],
    ['  lots   of\tspace .png ', 'lots of space .png'],
    ['', 'file'],
    ['..', 'file'],
    ['dir/', 'file'],
    ['Cafe\u0301.png', 'Café.png'],
  ])('should clean %j to %j', (raw, cleaned) => {
    expect(cleanFileName(raw)).toBe(cleaned);
  });

  it('should keep at most 255 characters, and the extension', () => {
    const name = cleanFileName(`${'é'.repeat(400)}.jpeg`);
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('.jpeg')).toBe(true);
  });
});

describe('safeKeyName', () => {
  it.each([
    ['photo.png', 'image/png', 'photo.png'],
    ['Photo.PNG', 'image/png', 'Photo.png'],
    ['photo.jpeg', 'image/jpeg', 'photo.jpeg'],
    ['photo.JPG', 'image/jpeg', 'photo.jpg'],
    ['photo.png', 'image/jpeg', 'photo-png.jpg'],
    ['photo', 'image/png', 'photo.png'],
    ['my "quoted" name\'s.png', 'image/png', 'my-quoted-name-s.png'],
    ['..\\..\\win.png', 'image/png', 'win.png'],
    ['Ünïcödé façade.png', 'image/png', 'Unicode-facade.png'],
    ['日本語.png', 'image/png', 'file.png'],
    ['---.png', 'image/png', 'file.png'],
    ['a.b.c.png', 'image/png', 'a-b-c.png'],
    ['new\nline.png', 'image/png', 'newline.png'],
  ])('should make %j (%s) into %j', (name, type, safe) => {
    expect(safeKeyName(name, type)).toBe(safe);
  });

  it('should keep keys short and made of safe characters only', () => {
    const safe = safeKeyName(`${'a b '.repeat(100)}.png`, 'image/png');
    expect(safe.length).toBeLessThanOrEqual(84);
    expect(safe).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*\.png$/);
  });
});

describe('contentDisposition', () => {
  it('should give an ASCII fallback and the exact name as UTF-8 (RFC 6266)', () => {
    expect(contentDisposition('Résumé "final" 100%.png')).toBe(
      `inline; filename="R_sum_ _final_ 100_.png"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22final%22%20100%25.png`,
    );
    expect(contentDisposition("it's (1).png", 'attachment')).toBe(
      `attachment; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });

  it('should never let a control character or a path reach the header', () => {
    const header = contentDisposition('../a\r\nSet-Cookie: x=1.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="aSet-Cookie: x=1.png"');
  });
});
