import type { Domain } from '@masthead/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { useGetDomainsQuery } from '../api/get-domains.js';
import { useGetUserInfoQuery } from '../api/get-user-info.js';
import { domainSelected, selectSelectedDomain } from '../domains-slice.js';

const NO_DOMAINS: Domain[] = [];

/**
 * Loads the user's domains (user info first, then their details) and exposes the selection.
 * The slice picks the first domain when none is selected (spec §4).
 */
export function useDomainSelection() {
  const dispatch = useAppDispatch();
  const userInfo = useGetUserInfoQuery();
  const hosts = userInfo.data?.domains;
  const details = useGetDomainsQuery(hosts && hosts.length > 0 ? hosts : skipToken);
  const selected = useAppSelector(selectSelectedDomain);

  const domains = hosts && hosts.length === 0 ? NO_DOMAINS : (details.data ?? NO_DOMAINS);
  const loaded = userInfo.isSuccess && (hosts?.length === 0 || details.isSuccess);
  const selectedDomain = domains.find((domain) => domain.id === selected?.id);

  /** The dropdown gives an id; the slice keeps the id with its host name. */
  const selectById = useCallback(
    (id: string) => {
      const domain = domains.find((candidate) => candidate.id === id);
      if (domain) dispatch(domainSelected({ id: domain.id, domain: domain.domain }));
    },
    [domains, dispatch],
  );

  return {
    domains,
    selectedDomain,
    hasNoDomains: loaded && domains.length === 0,
    userInfo: userInfo.data,
    selectById,
  };
}
