import type { ReactNode } from 'react';
import { useAuth } from 'react-oidc-context';
import { DashboardLayout, type NavItem } from '../../components/layouts/index.js';
import { PostsIcon, RefreshIcon, SettingsIcon, TagsIcon } from '../../components/ui/icons.js';
import { paths } from '../../config/paths.js';
import { AccountMenu } from '../../features/account/index.js';
import { UserCard, displayNameOf } from '../../features/auth/index.js';
import { DomainSelect, selectRoleFor, useDomainSelection } from '../../features/domains/index.js';
import { selectBuiltInAccounts } from '../../lib/config/index.js';
import { useTranslation } from '../../lib/use-translation.js';
import { useAppSelector } from '../hooks.js';

/** Brings the domain selection and the signed-in user into the shell's header and sidebar. */
export function SignedInShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { domains, selectedDomain, hasNoDomains, userInfo, selectById } = useDomainSelection();
  const builtInAccounts = useAppSelector(selectBuiltInAccounts);
  const auth = useAuth();
  const fallbackName = userInfo?.name || userInfo?.email;

  const navItems: NavItem[] = [
    { to: paths.home, label: t('nav.blogPosts'), icon: <PostsIcon />, end: true },
    { to: paths.metadata, label: t('nav.metadata'), icon: <TagsIcon /> },
  ];
  // Settings is for the selected domain's admins; the server checks the role on every call anyway.
  const role = useAppSelector((state) =>
    selectedDomain ? selectRoleFor(state, selectedDomain.domain) : undefined,
  );
  if (role === 'admin')
    navItems.push({ to: paths.settings, label: t('nav.settings'), icon: <SettingsIcon /> });

  const headerActions = (
    <>
      {hasNoDomains ? (
        <p className="app-header__no-domain">{t('dashboard.noDomain')}</p>
      ) : (
        <DomainSelect domains={domains} selectedId={selectedDomain?.id} onSelect={selectById} />
      )}
      <button
        type="button"
        className="icon-button"
        aria-label={t('dashboard.refresh')}
        onClick={() => window.location.reload()}
      >
        <RefreshIcon />
      </button>
    </>
  );

  return (
    <DashboardLayout
      title={selectedDomain?.name ?? ''}
      navItems={navItems}
      headerActions={headerActions}
      sidebarFooter={
        <UserCard
          domainName={selectedDomain?.name}
          fallbackName={fallbackName}
          accountMenu={
            builtInAccounts && (
              <AccountMenu currentName={userInfo?.name || displayNameOf(auth.user?.profile, fallbackName)} />
            )
          }
        />
      }
    >
      {children}
    </DashboardLayout>
  );
}
