import {
  combineSlices,
  configureStore,
  createAction,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import i18next from 'i18next';
// Type-only: the values arrive with the signed-in area's chunk (signed-in-state.ts).
// The slices' own modules, not the features' barrels: those re-export components and hooks that
// import app/hooks.ts, which imports this file.
import type { domainsSlice } from '../features/domains/domains-slice.js';
import { createErrorToastMiddleware, type Translate } from '../features/notifications/error-toast.js';
import { notificationSlice } from '../features/notifications/notification-slice.js';
import type { api } from '../lib/api.js';
import { configSlice } from '../lib/config/index.js';

/** Absent until the signed-in area has loaded: the login screen does not pay for RTK Query. */
type LazyLoadedSlices = WithSlice<typeof api> & WithSlice<typeof domainsSlice>;

export const rootReducer = combineSlices(
  configSlice,
  notificationSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** RTK Query's middleware and the domain persistence join here when the signed-in area loads. */
export const lazyMiddleware = createDynamicMiddleware();

/** Makes injected reducers add their initial state; combineSlices does that on the next action. */
export const signedInStateInjected = createAction('app/signedInStateInjected');

interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** The toast texts that the middleware writes itself ("Unknown error occurred"). */
  translate?: Translate;
}

export function makeStore({ preloadedState, translate = (key) => i18next.t(key) }: StoreOptions = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(lazyMiddleware.middleware, createErrorToastMiddleware(translate)),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
