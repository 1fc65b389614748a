import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { AssetsSection } from '../../features/assets/index.js';
import { selectRoleFor, selectSelectedDomain, useDomainSelection } from '../../features/domains/index.js';
import { CategoriesPanel, TagsPanel } from '../../features/taxonomy/index.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';
import './page.css';

/** "/metadata" when signed in: the tag and category panels above the assets section (spec §2). */
export function MetadataRoute() {
  const { t } = useTranslation();
  const { hasNoDomains } = useDomainSelection();
  const selected = useAppSelector(selectSelectedDomain);
  const role = useAppSelector((state) => (selected ? selectRoleFor(state, selected.domain) : undefined));

  let content;
  if (hasNoDomains) content = <p className="page__placeholder">{t('blogs.noDomainHint')}</p>;
  else if (!selected) content = <LoadingScreen inline />;
  else {
    // Keyed per domain: another domain starts at its first page with an empty search.
    content = (
      <>
        <div className="page__panels">
          <TagsPanel key={`tags-${selected.id}`} domain={selected.domain} role={role} />
          <CategoriesPanel key={`categories-${selected.id}`} domain={selected.domain} role={role} />
        </div>
        <AssetsSection key={`assets-${selected.id}`} domain={selected.domain} role={role} />
      </>
    );
  }

  return (
    <>
      <div className="page__header">
        <h1 className="page__title">{t('metadata.title')}</h1>
        <p className="page__description">{t('metadata.description')}</p>
      </div>
      {content}
    </>
  );
}
