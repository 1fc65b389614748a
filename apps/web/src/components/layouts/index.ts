export { DashboardLayout } from './dashboard-layout.js';
export type { NavItem } from './nav-item.js';
