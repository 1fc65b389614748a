import { MAX_UPLOAD_BYTES } from '@masthead/contract/constants';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { injectSignedInState } from '../../../app/signed-in-state.js';
import { jsonResponse, renderWithProviders, stubApi } from '../../../test/render.js';
import { ToastHost } from '../../notifications/index.js';
import { AssetDialog } from '../components/asset-dialog.js';
import { asset, pngFile } from './asset-fixtures.js';

vi.mock('../../../lib/oidc.js', () => ({ getAccessToken: async () => 'token-123' }));

/** Compression is the library's job (and needs a real worker): here each call waits for the test. */
const compression = vi.hoisted(() => ({
  calls: [] as { file: File; onProgress: (progress: number) => void; finish: (file?: File) => void }[],
}));
vi.mock('../upload/compress-image.js', () => ({
  compressImage: (file: File, onProgress: (progress: number) => void) =>
    new Promise<File>((resolve) => {
      compression.calls.push({ file, onProgress, finish: (result = file) => resolve(result) });
    }),
}));
const upload = vi.hoisted(() => ({ put: vi.fn() }));
vi.mock('../upload/put-file.js', () => ({ putFile: upload.put }));

injectSignedInState();

let api: ReturnType<typeof stubApi>;
/** The stub's answers by "METHOD path", read on every call: a test may replace one. */
let routes: Parameters<typeof stubApi>[0];
/** The JSON bodies the stub read, by "METHOD path". */
let bodies: Record<string, unknown>;
const onClose = vi.fn();

beforeEach(() => {
  compression.calls = [];
  bodies = {};
  onClose.mockReset();
  upload.put.mockReset();
  upload.put.mockImplementation(async (_url, _file, _headers, onProgress: (percent: number) => void) => {
    onProgress(100);
  });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  routes = {
    'GET /cms/assets/signed/upload-url': (request) => {
      const query = new URL(request.url).searchParams;
      return jsonResponse(200, {
        fileName: query.get('fileName'),
        fileKey: `dom/uuid/${query.get('fileName')}`,
        publicDownloadUrl: 'https://cdn.test/x.png',
        signedUrl: 'https://store.test/put?sig=1',
        headers: { 'content-type': query.get('mimeType'), 'x-amz-acl': 'public-read' },
        expiresAt: '2026-11-20T10:15:00.000Z',
      });
    },
    'POST /cms/assets/list': async (request) => {
      bodies.post = await request.json();
      return jsonResponse(201, asset(bodies.post as object));
    },
  };
  api = stubApi(routes);
  vi.stubGlobal('fetch', api.fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderDialog = (assetId?: string) =>
  renderWithProviders(<AssetDialog domain="blog.example.com" assetId={assetId} onClose={onClose} />);
const saveButton = () => screen.getByRole('button', { name: 'Save' });
const fileInput = () => screen.getByLabelText('Image file (PNG or JPEG)');
const description = () => screen.getByRole('textbox', { name: /Description/ });

describe('AssetDialog', () => {
  it('should enable Save only once the file is compressed and described', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Upload Asset' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No image chosen yet' })).toBeInTheDocument();
    expect(screen.getByText(/We have a limit: 10MB/)).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();

    await user.type(description(), 'Our harbour');
    expect(saveButton()).toBeDisabled(); // no file yet
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    act(() => compression.calls[0]!.onProgress(40));
    expect(screen.getByRole('progressbar', { name: 'Compression: 40%' })).toHaveValue(40);
    expect(saveButton()).toBeDisabled(); // compressing

    await act(async () => compression.calls[0]!.finish());
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(screen.getByRole('progressbar', { name: 'Compression: 100%' })).toHaveValue(100);
    expect(screen.getByRole('img', { name: 'Preview of the image' })).toHaveAttribute('src', 'blob:preview');

    await user.clear(description());
    expect(saveButton()).toBeDisabled(); // description empty
  });

  it('should upload the file to the signed URL, then register it, toast and close', async () => {
    const user = userEvent.setup();
    const { store } = renderDialog();
    const compressed = pngFile('harbour.png', 8);
    await user.upload(fileInput(), pngFile('harbour.png', 500));
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    await act(async () => compression.calls[0]!.finish(compressed));
    await user.type(description(), '  Our harbour ');
    await user.click(saveButton());

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const prepare = api.calls.find((call) => call.url.includes('/signed/upload-url'))!;
    expect(Object.fromEntries(new URL(prepare.url).searchParams)).toEqual({
      domain: 'blog.example.com',
      fileName: 'harbour.png',
      mimeType: 'image/png',
      size: String(compressed.size),
      public: 'true',
    });
    expect(upload.put).toHaveBeenCalledWith(
      'https://store.test/put?sig=1',
      compressed,
      { 'content-type': 'image/png', 'x-amz-acl': 'public-read' },
      expect.any(Function),
    );
    expect(bodies.post).toEqual({
      fileKey: 'dom/uuid/harbour.png',
      fileName: 'harbour.png',
      mimeType: 'image/png',
      public: true,
      description: 'Our harbour',
    });
    expect(store.getState().notification).toMatchObject({
      title: 'Successfully Created',
      description: ['Asset has been created successfully'],
    });
  });

  it("should show the server's message when it refuses the image at registration with 413 (issue 31)", async () => {
    const limit = 'The image is 48 megapixels (8000 × 6000); the limit is 40 megapixels.';
    routes['POST /cms/assets/list'] = () =>
      jsonResponse(413, { error: 'Payload Too Large', errors: [limit], detailedMessage: limit });
    // The API layer logs every failed call.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { store } = renderWithProviders(
      <>
        <AssetDialog domain="blog.example.com" onClose={onClose} />
        <ToastHost />
      </>,
    );
    await user.upload(fileInput(), pngFile('huge.png'));
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    await act(async () => compression.calls[0]!.finish());
    await user.type(description(), 'A very large photo');
    await user.click(saveButton());

    // The error toast says what the server said, and the dialog stays open to try another file.
    expect(await screen.findByText(limit)).toBeInTheDocument();
    expect(store.getState().notification).toMatchObject({
      type: 'error',
      title: 'Payload Too Large',
      description: [limit],
    });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Upload Asset' })).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    expect(log).toHaveBeenCalledWith(
      'Request failed',
      expect.objectContaining({ status: 413 }),
      expect.anything(),
    );
    log.mockRestore();
  });

  it("should show a picked file's size in pixels once its preview has decoded (issue 31)", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    await act(async () => compression.calls[0]!.finish());
    const preview = screen.getByRole('img', { name: 'Preview of the image' });
    expect(screen.queryByText(/Size:/)).not.toBeInTheDocument();

    // jsdom decodes no images: give the preview the sizes a browser would have read.
    Object.defineProperties(preview, { naturalWidth: { value: 3000 }, naturalHeight: { value: 2000 } });
    fireEvent.load(preview);
    const size = screen.getByText(/Size:/);
    expect(size).toHaveTextContent('Size: 3000 × 2000 px');
    expect(within(size).getByText('3000 by 2000 pixels')).toHaveClass('visually-hidden');
  });

  it('should show the upload progress and keep Save disabled while saving', async () => {
    let progress: (percent: number) => void = () => undefined;
    let finish: () => void = () => undefined;
    upload.put.mockImplementation(
      (_url, _file, _headers, onProgress: (percent: number) => void) =>
        new Promise<void>((resolve) => {
          progress = onProgress;
          finish = resolve;
        }),
    );
    const user = userEvent.setup();
    renderDialog();
    await user.upload(fileInput(), pngFile());
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    await act(async () => compression.calls[0]!.finish());
    await user.type(description(), 'Slow network');
    await user.click(saveButton());

    await waitFor(() => expect(upload.put).toHaveBeenCalled());
    act(() => progress(60));
    expect(screen.getByRole('progressbar', { name: 'Upload: 60%' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeDisabled();
    await act(async () => finish());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('should silently clear an oversize file and keep Save disabled (spec §5)', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(description(), 'Too big');
    const big = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(fileInput(), big);

    await waitFor(() => expect(description()).toHaveValue(''));
    expect((fileInput() as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('img', { name: 'No image chosen yet' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(compression.calls).toHaveLength(0);
    await user.type(description(), 'Still no file');
    expect(saveButton()).toBeDisabled();
  });

  it("should say 'The file given is not an image' for a text file named .png", async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.type(description(), 'Not a picture');
    await user.upload(fileInput(), new File(['just some text'], 'notes.png', { type: 'image/png' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The file given is not an image');
    expect(compression.calls).toHaveLength(0);
    expect(saveButton()).toBeDisabled();
  });

  it('should disable the upload in edit mode and save only the description', async () => {
    const existing = asset({ fileName: 'logo.png', description: 'Old words', width: 1200, height: 630 });
    api = stubApi({
      [`GET /cms/assets/list/${existing.id}`]: () =>
        new Response(JSON.stringify(existing), {
          status: 200,
          headers: { 'Content-Type': 'application/json', ETag: '"7"' },
        }),
      [`PUT /cms/assets/list/${existing.id}`]: async (request) => {
        bodies.put = await request.json();
        return jsonResponse(200, { ...existing, ...(bodies.put as object) });
      },
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const user = userEvent.setup();
    const { store } = renderDialog(existing.id);

    expect(screen.getByRole('dialog', { name: 'Edit Asset' })).toBeInTheDocument();
    await waitFor(() => expect(description()).toHaveValue('Old words'));
    expect(screen.getByRole('button', { name: 'Upload image' })).toBeDisabled();
    expect(fileInput()).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Preview of the image' })).toHaveAttribute(
      'src',
      existing.downloadUrl,
    );
    expect(screen.getByText(/Size:/)).toHaveTextContent('Size: 1200 × 630 px');

    await user.clear(description());
    await user.type(description(), 'New words');
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.headers.get('If-Match')).toBe('"7"');
    expect(bodies.put).toEqual({ description: 'New words' });
    expect(store.getState().notification).toMatchObject({ title: 'Successfully Updated' });
    expect(api.calls.some((call) => call.url.includes('upload-url'))).toBe(false);
  });

  it('should take a file dropped onto the dialog', async () => {
    renderDialog();
    const file = pngFile('dropped.png');
    fireEvent.drop(screen.getByText(/We have a limit: 10MB/), { dataTransfer: { files: [file] } });
    await waitFor(() => expect(compression.calls).toHaveLength(1));
    expect(compression.calls[0]!.file.name).toBe('dropped.png');
  });

  it('should close on Escape and from the close icon', async () => {
    const user = userEvent.setup();
    renderDialog();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
