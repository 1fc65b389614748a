import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';

interface NavLinkProps {
  to: string;
  /** Only the exact address is current; otherwise the addresses below `to` are current too. */
  end?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}

/**
 * A link that marks the current page with aria-current="page", which the CSS highlights. It
 * matches like the routes do: case-insensitive, with or without a trailing slash.
 */
export function NavLink({ to, end = false, ...props }: NavLinkProps) {
  const [current] = useRoute(end ? to : `${to.replace(/\/$/, '')}/*?`);
  return <Link href={to} aria-current={current ? 'page' : undefined} {...props} />;
}
