import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorBody } from '../../access/access-fixtures.js';
import { createTestContext, type TestContext, type TestDomain } from '../../helpers/test-app.js';

/** The members API with an external identity provider (OIDC_AUTHORITY): no invitation links. */
let ctx: TestContext;
let domain: TestDomain;
let other: TestDomain;
let admin: { email: string; token: string };
let editor: { email: string; token: string };
let author: { email: string; token: string };
let otherAdmin: { email: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext({ env: { RATE_LIMIT_PER_MINUTE: '0' } });
  [domain, other] = [await ctx.domain('Members'), await ctx.domain('Other')];
  admin = await ctx.member('admin', domain);
  editor = await ctx.member('editor', domain);
  author = await ctx.member('author', domain);
  otherAdmin = await ctx.member('admin', other);
});
afterAll(async () => ctx?.close());

const ABSENT = '00000000-0000-4000-8000-000000000000';

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.request(token, {
    method,
    url,
    ...(payload ? { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) } : {}),
  });

const q = (host: string) => `domain=${host}`;
const list = (token = admin.token, host = domain.domain) => call(token, 'GET', `/cms/members?${q(host)}`);
const add = (payload: object, token = admin.token, host = domain.domain) =>
  call(token, 'POST', `/cms/members?${q(host)}`, payload);
const setRole = (email: string, role: string, token = admin.token, host = domain.domain) =>
  call(token, 'PUT', `/cms/members/${encodeURIComponent(email)}?${q(host)}`, { role });
const remove = (email: string, token = admin.token, host = domain.domain) =>
  call(token, 'DELETE', `/cms/members/${encodeURIComponent(email)}?${q(host)}`);

const activityRows = (domainId: string) =>
  ctx.db.selectFrom('activity').selectAll().where('domain_id', '=', domainId).orderBy('id').execute();

describe('role matrix for the members and invitations calls', () => {
  const calls: [string, (token: string) => ReturnType<typeof call>][] = [
    ['GET /cms/members', (token) => list(token)],
    ['POST /cms/members', (token) => add({ email: 'new-person@example.test', role: 'author' }, token)],
    ['PUT /cms/members/{email}', (token) => setRole(author.email, 'editor', token)],
    ['DELETE /cms/members/{email}', (token) => remove(author.email, token)],
    ['GET /cms/invitations', (token) => call(token, 'GET', `/cms/invitations?${q(domain.domain)}`)],
    [
      'POST /cms/invitations/{id}/renew',
      (token) => call(token, 'POST', `/cms/invitations/${ABSENT}/renew?${q(domain.domain)}`),
    ],
    [
      'DELETE /cms/invitations/{id}',
      (token) => call(token, 'DELETE', `/cms/invitations/${ABSENT}?${q(domain.domain)}`),
    ],
  ];

  it.each(calls)(
    '%s should refuse authors, editors and admins of another domain with 403',
    async (_name, send) => {
      const before = await ctx.db
        .selectFrom('memberships')
        .selectAll()
        .where('domain_id', '=', domain.id)
        .execute();
      for (const token of [author.token, editor.token, otherAdmin.token]) {
        const response = await send(token);
        expectErrorBody(response, 403);
      }
      const after = await ctx.db
        .selectFrom('memberships')
        .selectAll()
        .where('domain_id', '=', domain.id)
        .execute();
      expect(after).toEqual(before);
      expect(await activityRows(domain.id)).toEqual([]);
    },
  );

  it('should refuse a call without a token with 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/cms/members?${q(domain.domain)}` });
    expectErrorBody(response, 401);
  });
});

describe('GET /cms/members', () => {
  it('should list the members by e-mail with role, added date, no name and the last sign-in', async () => {
    const response = await list();
    expect(response.statusCode, response.body).toBe(200);
    const members = response.json() as { email: string; role: string; name: unknown; addedDate: string }[];
    expect(members.map((m) => m.email)).toEqual([admin.email, author.email, editor.email].sort());
    const mine = members.find((m) => m.email === admin.email)!;
    expect(mine).toMatchObject({ role: 'admin', name: null });
    expect(new Date(mine.addedDate).toISOString()).toBe(mine.addedDate);
  });

  it('should record the last sign-in when the member opens the web app (GET /cms/user/info)', async () => {
    const place = await ctx.domain('Seen');
    const boss = await ctx.member('admin', place);
    const before = (await list(boss.token, place.domain)).json() as { lastSignInDate: string | null }[];
    expect(before[0]!.lastSignInDate).toBeNull();

    const info = await ctx.request(boss.token, { method: 'GET', url: '/cms/user/info' });
    expect(info.statusCode).toBe(200);
    const after = (await list(boss.token, place.domain)).json() as { lastSignInDate: string | null }[];
    expect(after[0]!.lastSignInDate).not.toBeNull();
    expect(Date.now() - new Date(after[0]!.lastSignInDate!).getTime()).toBeLessThan(60_000);
  });
});

describe('POST /cms/members', () => {
  it('should add an e-mail directly as a member with an external provider, with its activity row', async () => {
    const place = await ctx.domain('Add');
    const boss = await ctx.member('admin', place);
    const response = await add(
      { email: 'New.Writer@Example.test', role: 'author' },
      boss.token,
      place.domain,
    );

    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      added: 'member',
      member: { email: 'new.writer@example.test', role: 'author', name: null, lastSignInDate: null },
    });
    const rows = await activityRows(place.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'member.added',
      actor_email: boss.email,
      object_id: 'new.writer@example.test',
      after: { role: 'author' },
    });
    const invitations = await ctx.db
      .selectFrom('invitations')
      .selectAll()
      .where('domain_id', '=', place.id)
      .execute();
    expect(invitations).toEqual([]);
  });

  it('should refuse an e-mail that is already a member with 409 and add no activity row', async () => {
    const response = await add({ email: editor.email.toUpperCase(), role: 'admin' });
    expectErrorBody(response, 409);
    expect(response.json().errors[0]).toContain('already a member');
    const members = (await list()).json() as { email: string; role: string }[];
    expect(members.find((m) => m.email === editor.email)?.role).toBe('editor');
  });

  it.each([
    [{ email: 'not-an-email', role: 'author' }, 'email'],
    [{ email: 'a@example.test', role: 'owner' }, 'role'],
    [{ role: 'author' }, 'email'],
  ])('should refuse %j with 400 naming the field', async (payload, fieldName) => {
    const response = await add(payload);
    expectErrorBody(response, 400);
    expect(response.json().errors.join(' ')).toContain(fieldName);
  });
});

describe('PUT /cms/members/{email}', () => {
  it("should change a member's role and record before and after", async () => {
    const place = await ctx.domain('Roles');
    const boss = await ctx.member('admin', place);
    const writer = await ctx.member('author', place);
    const response = await setRole(writer.email, 'editor', boss.token, place.domain);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: writer.email, role: 'editor' });
    const rows = await activityRows(place.id);
    expect(rows.map((r) => [r.kind, r.before, r.after])).toEqual([
      ['member.role_changed', { role: 'author' }, { role: 'editor' }],
    ]);
  });

  it('should answer 404 for an e-mail that is not a member', async () => {
    expectErrorBody(await setRole('nobody@example.test', 'editor'), 404);
  });

  it("should refuse to demote the domain's last admin with 409 that says so, and add no activity row", async () => {
    const place = await ctx.domain('Last admin');
    const boss = await ctx.member('admin', place);
    const response = await setRole(boss.email, 'editor', boss.token, place.domain);

    expectErrorBody(response, 409);
    expect(response.json().errors[0]).toBe(
      `${boss.email} is the last admin of ${place.domain}; make someone else an admin first`,
    );
    expect(await activityRows(place.id)).toEqual([]);
    const members = (await list(boss.token, place.domain)).json() as { role: string }[];
    expect(members[0]!.role).toBe('admin');
  });

  it('should let one of two admins be demoted, and then refuse the other', async () => {
    const place = await ctx.domain('Two admins');
    const first = await ctx.member('admin', place);
    const second = await ctx.member('admin', place);
    expect((await setRole(second.email, 'editor', first.token, place.domain)).statusCode).toBe(200);
    expectErrorBody(await setRole(first.email, 'author', first.token, place.domain), 409);
  });

  it('should keep one admin when two admins demote each other at the same moment', async () => {
    const place = await ctx.domain('Race');
    const first = await ctx.member('admin', place);
    const second = await ctx.member('admin', place);
    const answers = await Promise.all([
      setRole(second.email, 'editor', first.token, place.domain),
      setRole(first.email, 'editor', second.token, place.domain),
    ]);
    // The second is refused: either its admin was demoted before it was checked (403), or the
    // other one is the last admin by the time it runs (409).
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await ctx.db
      .selectFrom('memberships')
      .select('email')
      .where('domain_id', '=', place.id)
      .where('role', '=', 'admin')
      .execute();
    expect(admins).toHaveLength(1);
    expect((await activityRows(place.id)).map((r) => r.kind)).toEqual(['member.role_changed']);
  });
});

describe('DELETE /cms/members/{email}', () => {
  it('should remove a member with its activity row', async () => {
    const place = await ctx.domain('Remove');
    const boss = await ctx.member('admin', place);
    const writer = await ctx.member('author', place);
    const response = await remove(writer.email.toUpperCase(), boss.token, place.domain);

    expect(response.statusCode, response.body).toBe(204);
    const members = (await list(boss.token, place.domain)).json() as { email: string }[];
    expect(members.map((m) => m.email)).toEqual([boss.email]);
    expect((await activityRows(place.id)).map((r) => [r.kind, r.object_id, r.before])).toEqual([
      ['member.removed', writer.email, { role: 'author' }],
    ]);
    // The removed member loses access at once.
    expectErrorBody(await list(writer.token, place.domain), 403);
  });

  it("should refuse to remove the domain's last admin with 409, even themselves, and add no activity row", async () => {
    const place = await ctx.domain('Keep admin');
    const boss = await ctx.member('admin', place);
    await ctx.member('editor', place);
    const response = await remove(boss.email, boss.token, place.domain);

    expectErrorBody(response, 409);
    expect(response.json().errors[0]).toContain('is the last admin of');
    expect(await activityRows(place.id)).toEqual([]);
  });

  it('should answer 404 for an e-mail that is not a member, and 400 for one that is not an e-mail', async () => {
    expectErrorBody(await remove('nobody@example.test'), 404);
    expectErrorBody(await remove('not-an-email'), 400);
  });
});

describe('invitations with an external provider', () => {
  it('should list none and answer 404 for renewing or revoking an unknown one', async () => {
    const listed = await call(admin.token, 'GET', `/cms/invitations?${q(domain.domain)}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
    expectErrorBody(
      await call(admin.token, 'POST', `/cms/invitations/${ABSENT}/renew?${q(domain.domain)}`),
      404,
    );
    expectErrorBody(await call(admin.token, 'DELETE', `/cms/invitations/${ABSENT}?${q(domain.domain)}`), 404);
    expectErrorBody(
      await call(admin.token, 'DELETE', `/cms/invitations/not-a-uuid?${q(domain.domain)}`),
      400,
    );
  });
});
