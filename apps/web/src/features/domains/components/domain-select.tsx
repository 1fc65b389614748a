import type { Domain } from '@masthead/contract';
import { useId } from 'react';
import { WIDE_SCREEN_QUERY } from '../../../config/constants.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useTranslation } from '../../../lib/use-translation.js';
import './domain-select.css';

interface DomainSelectProps {
  domains: Domain[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}

/** The header's domain dropdown: host names on wide screens, the shorter display names on small ones. */
export function DomainSelect({ domains, selectedId, onSelect }: DomainSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  return (
    <div className="domain-select">
      <label htmlFor={id} className="visually-hidden">
        {t('dashboard.domainLabel')}
      </label>
      <select
        id={id}
        className="domain-select__control"
        value={selectedId ?? ''}
        onChange={(event) => onSelect(event.target.value)}
        disabled={domains.length === 0}
      >
        {selectedId === undefined && <option value="" disabled hidden />}
        {domains.map((domain) => (
          <option key={domain.id} value={domain.id}>
            {wide ? domain.domain : domain.name}
          </option>
        ))}
      </select>
    </div>
  );
}
