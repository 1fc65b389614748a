import { AssetsSection } from '../../features/assets/index.js';
import { selectRoleFor, selectSelectedDomain } from '../../features/domains/index.js';
import { CategoriesPanel, TagsPanel } from '../../features/taxonomy/index.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';
import './page.css';

/** "/metadata" when signed in: the tag and category panels above the assets section (spec §2). */
export function MetadataRoute() {
  const { t } = useTranslation();
  const selected = useAppSelector(selectSelectedDomain);
  const role = useAppSelector((state) => (selected ? selectRoleFor(state, selected.domain) : undefined));
  return (
    <>
      <div className="page__header">
        <h1 className="page__title">{t('metadata.title')}</h1>
        <p className="page__description">{t('metadata.description')}</p>
      </div>
      <div className="page__panels">
        <TagsPanel />
        <CategoriesPanel />
      </div>
      {/* Keyed by domain: another domain starts on its own first page with an empty search. */}
      {selected && <AssetsSection key={selected.id} domain={selected.domain} role={role} />}
    </>
  );
}
