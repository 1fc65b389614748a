import type { DomainSettings } from '@masthead/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { DomainSettingsSection } from '../components/domain-settings-section.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

const DOMAIN = 'blog.example.com';
const SETTINGS: DomainSettings = {
  postUrl: 'https://blog.example.com/posts/{slug}',
  publicFeeds: false,
  previewUrl: 'https://blog.example.com/preview?token={token}',
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

function stubSettings(
  put: (request: Request) => Response | Promise<Response> = async (request) =>
    jsonResponse(200, await request.clone().json()),
) {
  const api = stubApi({
    'GET /cms/domain/settings': () => jsonResponse(200, SETTINGS),
    'PUT /cms/domain/settings': put,
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return { api, puts: () => api.calls.filter((call) => call.method === 'PUT') };
}

const previewField = () => screen.findByRole('textbox', { name: 'Preview address' });

describe('DomainSettingsSection › Preview address', () => {
  it('should show the domain’s preview address next to the post address, with its help', async () => {
    stubSettings();
    renderWithProviders(<DomainSettingsSection domain={DOMAIN} />);
    const field = await previewField();
    expect(field).toHaveValue(SETTINGS.previewUrl);
    expect(field).toHaveAccessibleDescription(/with \{token\} where the preview token goes/);
    expect(screen.getByRole('textbox', { name: 'Post address' })).toHaveValue(SETTINGS.postUrl);
  });

  it('should save it through the settings call, and clear it when emptied', async () => {
    const { puts } = stubSettings();
    const user = userEvent.setup();
    renderWithProviders(<DomainSettingsSection domain={DOMAIN} />);
    const field = await previewField();

    await user.clear(field);
    await user.type(field, '  https://site.example.org/{{locale}/p/{{slug}?t={{token}  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(await puts()[0]!.json()).toEqual({
      postUrl: SETTINGS.postUrl,
      publicFeeds: false,
      previewUrl: 'https://site.example.org/{locale}/p/{slug}?t={token}',
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();

    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(await puts()[1]!.json()).toMatchObject({ previewUrl: null });
  });

  it('should refuse, beside the field and before sending, what the server would refuse', async () => {
    const { puts } = stubSettings();
    const user = userEvent.setup();
    renderWithProviders(<DomainSettingsSection domain={DOMAIN} />);
    const field = await previewField();

    for (const pattern of [
      'https://site.example.org/preview',
      'https://site.example.org/p?t={{token}&v={{version}',
      'ftp://site.example.org/p?t={{token}',
    ]) {
      await user.clear(field);
      await user.type(field, pattern);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(/^Enter an http\(s\) address with \{token\} after the host/);
      expect(field).toHaveFocus();
    }
    expect(puts()).toHaveLength(0);

    await user.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it("should show the server's refusal inline", async () => {
    stubSettings(() =>
      jsonResponse(400, {
        error: 'Bad Request',
        errors: ['previewUrl: must be an http(s) address with {token}'],
        detailedMessage: 'Invalid settings.',
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<DomainSettingsSection domain={DOMAIN} />);
    await previewField();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'previewUrl: must be an http(s) address with {token}',
    );
  });
});
