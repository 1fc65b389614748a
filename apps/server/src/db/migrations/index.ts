import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './2026-11-21T1500-initial.js';
import * as identityProvider from './2026-11-21T1600-identity-provider.js';
import * as postSearchByDomain from './2026-11-21T1700-post-search-by-domain.js';
import * as assets from './2026-11-23T1500-assets.js';
import * as postCounts from './2026-12-01T1500-post-counts.js';
import * as searchWords from './2026-12-02T1500-search-words.js';
import * as searchInline from './2026-12-02T1600-search-inline.js';
import * as postsAutovacuum from './2026-12-03T1500-posts-autovacuum.js';
import * as searchWordsByDomain from './2026-12-04T1500-search-words-by-domain.js';
import * as listVersions from './2026-12-05T1500-list-versions.js';
import * as uploadStaging from './2026-12-06T1500-upload-staging.js';
import * as delivery from './2026-12-07T1500-delivery.js';
import * as postTagsByTag from './2026-12-07T1600-post-tags-by-tag.js';
import * as webhooks from './2026-12-08T1500-webhooks.js';
import * as scheduledPublishing from './2026-12-08T1600-scheduled-publishing.js';
import * as activity from './2026-12-09T1500-activity.js';
import * as invitations from './2026-12-09T1600-invitations.js';
import * as postRevisions from './2026-12-10T1500-post-revisions.js';
import * as multiselectFields from './2026-12-11T1500-multiselect-fields.js';
import * as tokensValidAfter from './2026-12-12T1500-tokens-valid-after.js';
import * as mailboxProof from './2026-12-13T1500-mailbox-proof.js';
import * as activityAppendOnly from './2026-12-13T1600-activity-append-only.js';
import * as serverKeys from './2026-12-13T1700-server-keys.js';
import * as scheduledPublishFailures from './2026-12-13T1800-scheduled-publish-failures.js';
import * as previewTokens from './2026-12-14T1500-preview-tokens.js';
import * as assetContentHash from './2026-12-15T1500-asset-content-hash.js';
import * as imageJobs from './2026-12-15T1600-image-jobs.js';
import * as assetListVersions from './2026-12-15T1700-asset-list-versions.js';

/**
 * Migrations are listed here rather than read from disk so that the bundled server carries them.
 * Names sort by time; Kysely runs them in that order.
 */
const migrations: Record<string, Migration> = {
  '2026-11-21T1500-initial': initial,
  '2026-11-21T1600-identity-provider': identityProvider,
  '2026-11-21T1700-post-search-by-domain': postSearchByDomain,
  '2026-11-23T1500-assets': assets,
  '2026-12-01T1500-post-counts': postCounts,
  '2026-12-02T1500-search-words': searchWords,
  '2026-12-02T1600-search-inline': searchInline,
  '2026-12-03T1500-posts-autovacuum': postsAutovacuum,
  '2026-12-04T1500-search-words-by-domain': searchWordsByDomain,
  '2026-12-05T1500-list-versions': listVersions,
  '2026-12-06T1500-upload-staging': uploadStaging,
  '2026-12-07T1500-delivery': delivery,
  '2026-12-07T1600-post-tags-by-tag': postTagsByTag,
  '2026-12-08T1500-webhooks': webhooks,
  '2026-12-08T1600-scheduled-publishing': scheduledPublishing,
  '2026-12-09T1500-activity': activity,
  '2026-12-09T1600-invitations': invitations,
  '2026-12-10T1500-post-revisions': postRevisions,
  '2026-12-11T1500-multiselect-fields': multiselectFields,
  '2026-12-12T1500-tokens-valid-after': tokensValidAfter,
  '2026-12-13T1500-mailbox-proof': mailboxProof,
  '2026-12-13T1600-activity-append-only': activityAppendOnly,
  '2026-12-13T1700-server-keys': serverKeys,
  '2026-12-13T1800-scheduled-publish-failures': scheduledPublishFailures,
  '2026-12-14T1500-preview-tokens': previewTokens,
  '2026-12-15T1500-asset-content-hash': assetContentHash,
  '2026-12-15T1600-image-jobs': imageJobs,
  '2026-12-15T1700-asset-list-versions': assetListVersions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
