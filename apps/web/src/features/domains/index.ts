export { DomainSelect } from './components/domain-select.js';
export { useDomainSelection } from './hooks/use-domain-selection.js';
export {
  domainsReducer,
  domainsSlice,
  persistSelectedDomain,
  selectRoleFor,
  selectSelectedDomain,
  type DomainsState,
} from './domains-slice.js';
export type { SelectedDomain } from './selected-domain-storage.js';
