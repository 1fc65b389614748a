import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/render.js';
import { ConfigGate } from '../config-gate.js';
import { makeStore } from '../store.js';

const AUTH = { authority: 'https://idp.test/oidc', clientId: 'masthead-web' };
const ENV = { env: 'test', apiBaseUri: 'https://api.test', ...AUTH };

function stubConfigs(auth: () => Promise<Response>, env: () => Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: URL | string) => (String(input).endsWith('/config/auth_config.json') ? auth() : env())),
  );
}

function renderGate() {
  return render(
    <Provider store={makeStore()}>
      <ConfigGate>{(config) => <p>App for {config.clientId}</p>}</ConfigGate>
    </Provider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ConfigGate', () => {
  it('should show Loading... until the configs arrive, then render the app with the auth config', async () => {
    stubConfigs(
      async () => jsonResponse(200, AUTH),
      async () => jsonResponse(200, ENV),
    );
    renderGate();
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByText('App for masthead-web')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('should show "Failed to load configuration" when the auth config fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubConfigs(
      async () => jsonResponse(500, { error: 'Internal Server Error' }),
      async () => jsonResponse(200, ENV),
    );
    renderGate();
    expect(await screen.findByText('Failed to load configuration')).toBeInTheDocument();
    expect(screen.queryByText(/App for/)).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      'Action rejected',
      expect.objectContaining({ message: expect.stringContaining('500') }),
      expect.anything(),
    );
  });

  it('should still render the app when only the env config fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubConfigs(
      async () => jsonResponse(200, AUTH),
      async () => jsonResponse(404, {}),
    );
    renderGate();
    expect(await screen.findByText('App for masthead-web')).toBeInTheDocument();
  });

  it('should wait for the env config so that the first API call knows its base address', async () => {
    let answerEnv!: () => void;
    const envAnswered = new Promise<Response>(
      (resolve) => (answerEnv = () => resolve(jsonResponse(200, ENV))),
    );
    stubConfigs(
      async () => jsonResponse(200, AUTH),
      () => envAnswered,
    );
    renderGate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    answerEnv();
    expect(await screen.findByText('App for masthead-web')).toBeInTheDocument();
  });
});
