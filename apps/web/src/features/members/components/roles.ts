import type { Role } from '@masthead/contract';

/** The roles in rank order (DESIGN §2); the contract's list stays out of the chunk with TypeBox. */
export const ROLES: readonly Role[] = ['author', 'editor', 'admin'];
