import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { SignOutMarks } from '../../idp/sign-out-marks.js';
import type { AttemptCounters } from '../../lib/attempt-counters.js';
import type { ConcurrencyGate } from '../../lib/concurrency-gate.js';
import userRateLimit from '../../plugins/app/user-rate-limit.js';
import accountRoutes from './account/index.js';
import activityRoutes from './activity/index.js';
import assetRoutes from './assets/index.js';
import blogRoutes from './blogs/index.js';
import previewRoutes, { type PreviewRoutesOptions } from './blogs/previews.js';
import revisionRoutes from './blogs/revisions.js';
import columnRoutes from './columns/index.js';
import contentKeyRoutes from './content-keys/index.js';
import domainSettingsRoutes from './domains/domain-settings.js';
import domainRoutes from './domains/index.js';
import memberRoutes, { type MemberRoutesOptions } from './members/index.js';
import { categoryRoutes, tagRoutes } from './taxonomy/index.js';
import userRoutes from './user/index.js';
import webhookRoutes, { type WebhookRoutesOptions } from './webhooks/index.js';

export interface CmsApiOptions {
  /** The per-user budget (plugins/app/user-rate-limit.ts). */
  rateLimit: { perMinute: number; redis?: Redis };
  exactSearchTotal?: number;
  /** The built-in provider's failed sign-in counters; undefined with OIDC_AUTHORITY (routes/cms/account). */
  signInCounters?: AttemptCounters | undefined;
  /** The built-in provider's sign-out marks, which the account routes set (decision 054). */
  signOutMarks?: SignOutMarks | undefined;
  /** The built-in provider's password hashing slots, which a password change uses too. */
  passwordChecks?: ConcurrencyGate | undefined;
  members: MemberRoutesOptions;
  webhooks: WebhookRoutesOptions;
  previews: PreviewRoutesOptions;
}

/**
 * The API: every /cms route, registered under the /cms prefix in this one encapsulated scope,
 * whose hooks check the bearer token and then count the user's budget. The router's match decides
 * which requests they see, never the request line: a guard on request.url let "/%63ms/user/info"
 * and "GET http://host/cms/user/info" through (issue 19, decision 033). The OpenAPI document and
 * its reference page are registered outside this scope, and need no token.
 */
export default async function cmsApi(app: FastifyInstance, options: CmsApiOptions) {
  app.addHook('onRequest', app.authenticate);
  await app.register(userRateLimit, options.rateLimit);
  await app.register(userRoutes, { builtInAccounts: options.signInCounters !== undefined });
  await app.register(accountRoutes, {
    signInCounters: options.signInCounters,
    signOutMarks: options.signOutMarks,
    passwordChecks: options.passwordChecks,
  });
  await app.register(domainRoutes);
  await app.register(domainSettingsRoutes);
  await app.register(contentKeyRoutes);
  await app.register(memberRoutes, options.members);
  await app.register(webhookRoutes, options.webhooks);
  await app.register(columnRoutes);
  await app.register(blogRoutes, { exactSearchTotal: options.exactSearchTotal });
  await app.register(revisionRoutes);
  await app.register(previewRoutes, options.previews);
  await app.register(tagRoutes);
  await app.register(categoryRoutes);
  await app.register(assetRoutes);
  await app.register(activityRoutes);
}
