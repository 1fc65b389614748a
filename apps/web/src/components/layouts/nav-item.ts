import type { ReactNode } from 'react';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** Match the path exactly, so that "/" is not active on every page. */
  end?: boolean;
}
