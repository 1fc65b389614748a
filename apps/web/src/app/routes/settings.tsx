import { lazy, Suspense, type ComponentType } from 'react';
import { useRoute } from 'wouter';
import { NavLink } from '../../components/layouts/nav-link.js';
import { LoadingScreen } from '../../components/ui/loading-screen.js';
import { paths, SETTINGS_TABS, settingsPath, type SettingsTab } from '../../config/paths.js';
import { selectRoleFor, selectSelectedDomain, useDomainSelection } from '../../features/domains/index.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';
import { NotFoundRoute } from './not-found.js';
import './page.css';
import './settings.css';

interface TabProps {
  /** The selected domain's host name, as every /cms call takes it. */
  domain: string;
}

// Each tab is a chunk of its own: Settings loads only the code of the tab on screen.
const TABS: Record<SettingsTab, ComponentType<TabProps>> = {
  members: lazy(() => import('../../features/members/members-tab.js')),
  fields: lazy(() => import('../../features/custom-fields/fields-tab.js')),
  integrations: lazy(() => import('../../features/integrations/integrations-tab.js')),
  activity: lazy(() => import('../../features/activity/activity-tab.js')),
};

function isTab(name: string | undefined): name is SettingsTab {
  return SETTINGS_TABS.includes(name as SettingsTab);
}

/**
 * "/settings/<tab>" (issue 22): the selected domain's members, custom fields, integrations and
 * activity, for its admins. Anyone else sees a no-access screen inside the shell; the server
 * refuses their calls in any case.
 */
export function SettingsRoute() {
  const { t } = useTranslation();
  const [, params] = useRoute<{ tab?: string }>(`${paths.settings}/:tab?`);
  const { hasNoDomains } = useDomainSelection();
  const selected = useAppSelector(selectSelectedDomain);
  const role = useAppSelector((state) => (selected ? selectRoleFor(state, selected.domain) : undefined));

  const tab = params?.tab === undefined ? SETTINGS_TABS[0] : params.tab.toLowerCase();
  if (!isTab(tab)) return <NotFoundRoute />;

  let content;
  if (hasNoDomains) content = <p className="page__placeholder">{t('blogs.noDomainHint')}</p>;
  else if (!selected) content = <LoadingScreen inline />;
  else if (role !== 'admin') {
    return (
      <section className="settings-no-access" aria-labelledby="settings-no-access-title">
        <h1 id="settings-no-access-title" className="page__title">
          {t('settings.noAccess.title')}
        </h1>
        <p className="page__description">{t('settings.noAccess.description', { domain: selected.domain })}</p>
      </section>
    );
  } else {
    const Tab = TABS[tab];
    // Keyed per domain: another domain's settings start from scratch.
    content = (
      <Suspense fallback={<LoadingScreen inline />}>
        <Tab key={selected.id} domain={selected.domain} />
      </Suspense>
    );
  }

  return (
    <>
      <div className="page__header">
        <h1 className="page__title">{t('settings.title')}</h1>
        <p className="page__description">{t('settings.description')}</p>
      </div>
      {role === 'admin' && (
        <nav className="settings-tabs" aria-label={t('settings.sections')}>
          {SETTINGS_TABS.map((name) => (
            <NavLink
              key={name}
              to={
                name === SETTINGS_TABS[0] && params?.tab === undefined ? paths.settings : settingsPath(name)
              }
              end
              className="settings-tabs__link"
            >
              {t(`settings.tabs.${name}`)}
            </NavLink>
          ))}
        </nav>
      )}
      {content}
    </>
  );
}
