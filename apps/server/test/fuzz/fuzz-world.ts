import { seedDomain, snapshotDomain, type DomainData } from '../access/access-fixtures.js';
import { png } from '../helpers/images.js';
import { prepareUpload, putFile, uploadAsset } from '../routes/assets/asset-fixtures.js';
import type { TestContext, TestDomain } from '../helpers/test-app.js';
import { TEST_AUDIENCE } from '../helpers/test-identity-provider.js';

/** Who sends a request: a role of the fuzzed domain, a member of another domain, or a bad token. */
export const IDENTITIES = [
  'admin',
  'editor',
  'author',
  'outsider',
  'stranger',
  'none',
  'garbage',
  'basic',
  'expired',
  'otherAudience',
  'otherIssuer',
  'foreignKey',
  'notYetValid',
  'noEmail',
] as const;
export type Identity = (typeof IDENTITIES)[number];

/** The resources of the path ids, named as in the routes. */
export type Resource = 'blogs' | 'tags' | 'categories' | 'assets';

export interface FuzzWorld {
  home: TestDomain;
  homeData: DomainData;
  /** Domains no fuzzing identity may write to; their snapshots must not change. */
  others: Array<{ domain: TestDomain; data: DomainData; assetId: string }>;
  /** The outsider's own domain: never named by a request, so it must not change either. */
  outsiderDomain: TestDomain;
  authorization: Record<Identity, string | undefined>;
  /** Ids of the fuzzed domain that exist (or existed), by resource; creates add to them. */
  ids: Record<Resource, string[]>;
  /** The last ETag seen for an id. */
  etags: Map<string, string>;
  /** Every uuid of a real row, for bodies that name tags and categories. */
  uuids: string[];
  /** Uploaded files of the fuzzed domain, not yet registered as assets. */
  uploads: Array<{ fileKey: string; fileName: string; mimeType: string; public: boolean }>;
}

/** How many uploaded files wait for a POST /cms/assets/list. */
const UPLOADED_FILES = 8;

/** The fuzzed domain, with members of each role and a few rows; two other domains; every token. */
export async function createWorld(ctx: TestContext): Promise<FuzzWorld> {
  const home = await ctx.domain('Fuzzed');
  const admin = await ctx.member('admin', home);
  const homeData = await seedDomain(ctx, admin.token, home);
  const others = [];
  for (const name of ['Other One', 'Other Two']) {
    const domain = await ctx.domain(name);
    const owner = await ctx.member('admin', domain);
    const data = await seedDomain(ctx, owner.token, domain);
    const { asset } = await uploadAsset(ctx, owner.token, domain);
    others.push({ domain, data, assetId: asset.id });
  }
  const outsiderDomain = await ctx.domain('Outsider');
  const outsider = await ctx.member('admin', outsiderDomain);
  await seedDomain(ctx, outsider.token, outsiderDomain);

  const { idp } = ctx;
  const stranger = `stranger@example.test`;
  const bearer = (token: string) => `Bearer ${token}`;
  const authorization: Record<Identity, string | undefined> = {
    admin: bearer(admin.token),
    editor: bearer((await ctx.member('editor', home)).token),
    author: bearer((await ctx.member('author', home)).token),
    outsider: bearer(outsider.token),
    stranger: bearer(await idp.tokenFor(stranger)),
    none: undefined,
    garbage: 'Bearer not.a.jwt',
    basic: `Basic ${Buffer.from('admin:admin').toString('base64')}`,
    expired: bearer(await idp.tokenFor(admin.email, { expiresIn: -120 })),
    otherAudience: bearer(await idp.tokenFor(admin.email, { audience: `${TEST_AUDIENCE}-other` })),
    otherIssuer: bearer(await idp.tokenFor(admin.email, { issuer: 'https://issuer.example.test' })),
    foreignKey: bearer(await idp.tokenFor(admin.email, { foreignKey: true })),
    notYetValid: bearer(await idp.tokenFor(admin.email, { notBefore: 3600 })),
    noEmail: bearer(await idp.sign({ sub: 'sub-without-email' })),
  };
  const { asset } = await uploadAsset(ctx, admin.token, home, { public: true });
  const uploads: FuzzWorld['uploads'] = [];
  for (let i = 0; i < UPLOADED_FILES; i++) {
    const bytes = png(1 + i, 1);
    const preparation = await prepareUpload(ctx, admin.token, home.domain, bytes, {
      fileName: `fuzz ${i}.png`,
    });
    if ((await putFile(ctx, preparation, bytes)).statusCode !== 200) throw new Error('The upload failed');
    const { fileKey, fileName } = preparation;
    uploads.push({ fileKey, fileName, mimeType: 'image/png', public: false });
  }
  const ids: Record<Resource, string[]> = {
    blogs: [homeData.postId],
    tags: [homeData.tagId],
    categories: [homeData.categoryId],
    assets: [asset.id],
  };
  const uuids = [home, ...others.map((o) => o.domain)].flatMap((d) => [d.id]);
  for (const data of [homeData, ...others.map((o) => o.data)]) {
    uuids.push(data.postId, data.tagId, data.categoryId);
  }
  uuids.push(asset.id, ...others.map((o) => o.assetId));
  return { home, homeData, others, outsiderDomain, authorization, ids, etags: new Map(), uuids, uploads };
}

export function resourceOf(path: string): Resource | undefined {
  return (['blogs', 'tags', 'categories', 'assets'] as const).find((r) => path.startsWith(`/cms/${r}/`));
}

/** Every row of a domain, its assets included, for "nothing changed" checks. */
export async function snapshotWithAssets(ctx: TestContext, domainId: string) {
  const assets = await ctx.db
    .selectFrom('assets')
    .selectAll()
    .where('domain_id', '=', domainId)
    .orderBy('id')
    .execute();
  return { ...(await snapshotDomain(ctx, domainId)), assets };
}
