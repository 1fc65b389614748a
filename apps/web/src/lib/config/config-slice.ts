import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { configUrls } from '../../config/paths.js';
import type { ConfigState, Loadable } from './config-types.js';
import { fetchAuthConfig, fetchEnvConfig } from './fetch-config.js';

interface StateWithConfig {
  config: ConfigState;
}

const createConfigThunk = createAsyncThunk.withTypes<{ state: StateWithConfig }>();

/** Requested at start-up; the condition makes a second request while one is running or done a no-op. */
export const loadAuthConfig = createConfigThunk('config/loadAuth', () => fetchAuthConfig(configUrls.auth), {
  condition: (_, { getState }) => getState().config.auth.status === 'idle',
});

export const loadEnvConfig = createConfigThunk('config/loadEnv', () => fetchEnvConfig(configUrls.env), {
  condition: (_, { getState }) => getState().config.env.status === 'idle',
});

const initialState: ConfigState = { auth: { status: 'idle' }, env: { status: 'idle' } };

function failed<T>(message: string | undefined): Loadable<T> {
  return { status: 'failed', error: message ?? 'Unknown error' };
}

export const configSlice = createSlice({
  name: 'config',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadAuthConfig.pending, (state) => {
        state.auth = { status: 'loading' };
      })
      .addCase(loadAuthConfig.fulfilled, (state, action) => {
        state.auth = { status: 'succeeded', data: action.payload };
      })
      .addCase(loadAuthConfig.rejected, (state, action) => {
        state.auth = failed(action.error.message);
      })
      .addCase(loadEnvConfig.pending, (state) => {
        state.env = { status: 'loading' };
      })
      .addCase(loadEnvConfig.fulfilled, (state, action) => {
        state.env = { status: 'succeeded', data: action.payload };
      })
      .addCase(loadEnvConfig.rejected, (state, action) => {
        state.env = failed(action.error.message);
      });
  },
});

export const configReducer = configSlice.reducer;

export const selectAuthConfigState = (state: StateWithConfig) => state.config.auth;
export const selectEnvConfigState = (state: StateWithConfig) => state.config.env;
export const selectApiBaseUri = (state: StateWithConfig) => state.config.env.data?.apiBaseUri;
/** Whether accounts are the server's own (its built-in identity provider), to be changed in the app. */
export const selectBuiltInAccounts = (state: StateWithConfig) =>
  state.config.env.data?.accounts === 'built-in';

/** Settled means there is nothing more to wait for, whether the load worked or not. */
export const isSettled = (loadable: Loadable<unknown>) =>
  loadable.status === 'succeeded' || loadable.status === 'failed';
