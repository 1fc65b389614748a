import type { Domain, Role, UserInfo } from '@masthead/contract';
import { createSlice, type Middleware, type PayloadAction } from '@reduxjs/toolkit';
import { domainsApi } from './api/get-domains.js';
import { userInfoApi } from './api/get-user-info.js';
import { loadPersistedDomain, persistDomain, type SelectedDomain } from './selected-domain-storage.js';

export interface DomainsState {
  /** Only ever a domain the server confirmed the user belongs to; data requests wait for it. */
  selected?: SelectedDomain;
  /** Last visit's choice, waiting to be checked against the user's domains. */
  persisted?: SelectedDomain;
  memberships: UserInfo['memberships'];
}

function initialState(): DomainsState {
  return { persisted: loadPersistedDomain(), memberships: [] };
}

/** Keeps the current choice if it is still one of the user's domains, else last visit's, else the first. */
function reconcile(state: DomainsState, domains: Domain[]): SelectedDomain | undefined {
  const find = (candidate?: SelectedDomain) => domains.find((domain) => domain.id === candidate?.id);
  const chosen = find(state.selected) ?? find(state.persisted) ?? domains[0];
  return chosen ? { id: chosen.id, domain: chosen.domain } : undefined;
}

export const domainsSlice = createSlice({
  name: 'domains',
  initialState,
  reducers: {
    domainSelected: (state, action: PayloadAction<SelectedDomain>) => {
      state.selected = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(userInfoApi.endpoints.getUserInfo.matchFulfilled, (state, action) => {
        state.memberships = action.payload.memberships ?? [];
        if (action.payload.domains.length === 0) state.selected = undefined;
      })
      .addMatcher(domainsApi.endpoints.getDomains.matchFulfilled, (state, action) => {
        state.selected = reconcile(state, action.payload);
        state.persisted = undefined;
      });
  },
});

export const { domainSelected } = domainsSlice.actions;
export const domainsReducer = domainsSlice.reducer;

/** Optional: the domains state is injected with the signed-in area (app/signed-in-state.ts). */
type StateWithDomains = { domains?: DomainsState };

export const selectSelectedDomain = (state: StateWithDomains) => state.domains?.selected;

/** The user's role on a domain (host name), for the actions later screens allow or hide. */
export const selectRoleFor = (state: StateWithDomains, domain: string): Role | undefined =>
  state.domains?.memberships.find((membership) => membership.domain.toLowerCase() === domain.toLowerCase())
    ?.role;

/** Saves each new selection so that it survives a reload. */
export const persistSelectedDomain: Middleware<object, StateWithDomains> = (store) => (next) => (action) => {
  const before = store.getState().domains?.selected;
  const result = next(action);
  const after = store.getState().domains?.selected;
  if (after && after !== before) persistDomain(after);
  return result;
};
