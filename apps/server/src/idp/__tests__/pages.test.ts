import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PAGE_CSP, escapeHtml } from '../pages/layout.js';
import { loginPage } from '../pages/login-page.js';
import { SIGNING_OUT_CSP, errorPage, logoutPage, signingOutPage } from '../pages/provider-pages.js';

const inlineHash = (html: string, tag: 'style' | 'script') => {
  const text = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)?.[1] ?? '';
  return createHash('sha256').update(text).digest('base64');
};
const inlineStyleHash = (html: string) => inlineHash(html, 'style');

describe('the identity provider pages', () => {
  it('should carry exactly the one style sheet the CSP allows, and no script', () => {
    for (const html of [
      loginPage({ action: '/oidc/interaction/abc/login', csrfToken: 't' }),
      logoutPage('<form id="op.logoutForm"></form>'),
      errorPage({ title: 'T', message: 'M', homeUrl: 'http://localhost:3000' }),
    ]) {
      expect(PAGE_CSP).toContain(`style-src 'sha256-${inlineStyleHash(html)}'`);
      expect(html.match(/<style>/g)).toHaveLength(1);
      expect(html).not.toMatch(/<script|\son\w+=|style="/);
    }
    expect(PAGE_CSP).not.toContain('script-src');
  });

  it('should let the signing-out page run its one script, allowed by its hash, and nothing else', () => {
    const html = signingOutPage('<form id="op.logoutForm"></form>');
    expect(SIGNING_OUT_CSP).toBe(`${PAGE_CSP}; script-src 'sha256-${inlineHash(html, 'script')}'`);
    expect(SIGNING_OUT_CSP).toContain(`style-src 'sha256-${inlineStyleHash(html)}'`);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/\son\w+=|style="|<script src/);
    // Without JavaScript the same button signs out.
    expect(html).toContain(
      '<button type="submit" form="op.logoutForm" name="logout" value="yes" id="sign-out">Sign out</button>',
    );
  });

  it('should escape what it is given', () => {
    const html = loginPage({
      action: '/oidc/interaction/abc/login',
      csrfToken: '"><script>',
      email: '"><img src=x onerror=alert(1)>',
      error: '<b>bold</b>',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;"');
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
  });

  it('should focus the e-mail on a fresh form and the password once the e-mail is known', () => {
    const fresh = loginPage({ action: '/a', csrfToken: 't' });
    expect(fresh).toMatch(/id="email"[^>]*autofocus/);
    expect(fresh).not.toMatch(/id="password"[^>]*autofocus/);
    const retry = loginPage({
      action: '/a',
      csrfToken: 't',
      email: 'ana@example.com',
      error: 'Invalid e-mail or password',
    });
    expect(retry).toMatch(/id="password"[^>]*autofocus/);
    expect(retry).toMatch(/id="email"[^>]*aria-describedby="form-error"/);
    expect(retry).toContain('<p id="form-error" class="alert" role="alert">Invalid e-mail or password</p>');
  });
});
