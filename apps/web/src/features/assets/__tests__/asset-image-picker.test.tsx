import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { AssetImagePicker } from '../components/asset-image-picker.js';
import { asset, assetPage } from './asset-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));
injectSignedInState();

let api: ReturnType<typeof stubApi>;
const harbour = asset({
  fileName: 'harbour.jpg',
  description: 'The harbour at dawn',
  width: 3000,
  height: 2000,
});
const secret = asset({ fileName: 'secret.png', public: false });

beforeEach(() => {
  api = stubApi({ 'GET /cms/assets/list': () => jsonResponse(200, assetPage([harbour, secret])) });
  vi.stubGlobal('fetch', api.fetchStub);
});
afterEach(() => vi.unstubAllGlobals());

describe('AssetImagePicker', () => {
  it('should give the public address, the description and the size of the asset picked', async () => {
    const onPick = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AssetImagePicker domain="blog.example.com" onPick={onPick} />);

    const option = await screen.findByRole('button', { name: /harbour\.jpg/ });
    // Each option says its size, in words for a screen reader (issue 31).
    expect(option).toHaveAccessibleName(/^harbour\.jpg.*The harbour at dawn.*3000 by 2000 pixels$/);
    expect(option).not.toHaveAccessibleName(/×|px/);
    expect(option).toHaveTextContent('3000 × 2000 px');
    await user.click(option);
    expect(onPick).toHaveBeenCalledWith({
      src: harbour.downloadUrl,
      altText: 'The harbour at dawn',
      width: 3000,
      height: 2000,
    });
    expect(option).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('harbour.jpg chosen');
  });

  it('should not offer a private asset, whose address expires', async () => {
    renderWithProviders(<AssetImagePicker domain="blog.example.com" onPick={vi.fn()} />);
    const option = await screen.findByRole('button', { name: /secret\.png/ });
    expect(option).toBeDisabled();
    expect(option).toHaveTextContent('Private: its address expires');
  });

  it('should search by searchString', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AssetImagePicker domain="blog.example.com" onPick={vi.fn()} />);
    await screen.findByRole('button', { name: /harbour/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search assets' }), 'dawn{Enter}');
    await waitFor(() =>
      expect(api.calls.map((call) => new URL(call.url).searchParams.get('searchString'))).toContain('dawn'),
    );
  });
});
