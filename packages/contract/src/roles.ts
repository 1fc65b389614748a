// No schemas here: the web app imports this file alone (@masthead/contract/roles) to stay small.

/** The roles in rank order (DESIGN §2). */
export const ROLES = ['author', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];
