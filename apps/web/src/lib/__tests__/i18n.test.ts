import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n.js';

afterEach(() => vi.unstubAllGlobals());

describe('initI18n', () => {
  it('should load English from /locales/en/translation.json with the spec settings', async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      Response.json({ login: { signIn: 'Sign In to Dashboard' }, greeting: '<b>{{name}}</b>' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const i18n = i18next.createInstance();

    await initI18n(i18n);

    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/locales/en/translation.json');
    expect(i18n.t('login.signIn')).toBe('Sign In to Dashboard');
    // Escaping is off: React escapes what it renders.
    expect(i18n.t('greeting', { name: '&' })).toBe('<b>&</b>');
    expect(i18n.options.fallbackLng).toEqual(['en']);
    expect(i18n.options).toMatchObject({ maxRetries: 5, retryTimeout: 350, maxParallelReads: 10 });
    expect(i18n.options.detection).toMatchObject({
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      caches: ['localStorage'],
    });
  });
});
