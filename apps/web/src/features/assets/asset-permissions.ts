import type { Role } from '@masthead/contract/constants';

/** DESIGN §2: every role (author and up) uploads and describes assets. */
export const canUploadAssets = (role: Role | undefined) => role !== undefined;

/** DESIGN §2: deleting an asset takes an editor or an admin. */
export const canDeleteAssets = (role: Role | undefined) => role === 'editor' || role === 'admin';
