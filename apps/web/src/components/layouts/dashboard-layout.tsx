import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { SIDEBAR_ANIMATION_MS, WIDE_SCREEN_QUERY } from '../../config/constants.js';
import { useMediaQuery } from '../../lib/use-media-query.js';
import { useTranslation } from '../../lib/use-translation.js';
import '../ui/button.css';
import './dashboard-layout.css';
import { Header } from './header.js';
import type { NavItem } from './nav-item.js';
import { Sidebar } from './sidebar.js';

interface DashboardLayoutProps {
  title: string;
  navItems: NavItem[];
  headerActions: ReactNode;
  sidebarFooter: ReactNode;
  children: ReactNode;
}

const SIDEBAR_ID = 'app-sidebar';
const MAIN_ID = 'main-content';

/**
 * The signed-in shell: sidebar, header and main. The sidebar is fixed on wide screens and a drawer
 * below them (spec §2), a modal <dialog> that closes on its close button, the backdrop, a link and
 * Escape (sidebar.tsx).
 */
export function DashboardLayout({
  title,
  navItems,
  headerActions,
  sidebarFooter,
  children,
}: DashboardLayoutProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [open, setOpen] = useState(false);
  // Growing the window past the breakpoint turns the drawer into the fixed sidebar.
  const drawerOpen = open && !wide;
  const close = () => setOpen(false);

  const [pathname] = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  const style = { '--drawer-duration': `${SIDEBAR_ANIMATION_MS}ms` } as CSSProperties;

  return (
    <div className="shell" data-wide={wide} style={style}>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        {t('common.skipToContent')}
      </a>
      <Sidebar
        id={SIDEBAR_ID}
        items={navItems}
        footer={sidebarFooter}
        wide={wide}
        drawerOpen={drawerOpen}
        onClose={close}
      />
      <div className="shell__body">
        <Header
          title={title}
          actions={headerActions}
          sidebarId={SIDEBAR_ID}
          drawerOpen={drawerOpen}
          onMenuClick={() => setOpen(true)}
        />
        <main id={MAIN_ID} className="shell__main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
