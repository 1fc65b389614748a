import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-app.js';
import { createPost, expectError, newDomainApi, postBody } from '../routes/blogs/blog-fixtures.js';
import { approvedPost, readPost, scheduleApi, testClock } from './schedule-fixtures.js';

// PUT and DELETE /cms/blogs/schedule/{id} (issue 21, decision 043), without the worker: its clock
// stands still, so nothing falls due here.
const clock = testClock(Date.parse('2027-03-01T10:00:00Z'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ clock: clock.now });
});
afterAll(async () => ctx.close());

const inOneHour = () => new Date(clock.now().getTime() + 3600_000).toISOString();

async function world() {
  const w = await newDomainApi(ctx, 'editor');
  return { ...w, schedule: scheduleApi(ctx, w.token, w.domain.domain) };
}

describe('PUT /cms/blogs/schedule/{id}', () => {
  it('should set scheduledFor on an approved post, in the detail, the list and the ETag', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    expect((await readPost(w.api, post.id)).scheduledFor).toBeNull();
    const before = await w.api.get(post.id);
    const at = inOneHour();
    const res = await w.schedule.set(post.id, at);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().scheduledFor).toBe(at);
    expect(res.json()).toMatchObject({ approved: true, published: false });
    expect(res.headers.etag).not.toBe(before.headers.etag);

    const detail = await w.api.get(post.id);
    expect(detail.json().scheduledFor).toBe(at);
    expect(detail.headers.etag).toBe(res.headers.etag);
    const list = await w.api.list();
    expect(list.json().entries.find((p: { id: string }) => p.id === post.id).scheduledFor).toBe(at);
  });

  it('should take a time with an offset and answer it in UTC, and move a schedule when set again', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    const res = await w.schedule.set(post.id, '2027-03-01T13:30:00+02:00');
    expect(res.json().scheduledFor).toBe('2027-03-01T11:30:00.000Z');
    const moved = await w.schedule.set(post.id, '2027-03-02T08:00:00Z');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().scheduledFor).toBe('2027-03-02T08:00:00.000Z');
  });

  it('should refuse a draft and a published post with a 409 that says why', async () => {
    const w = await world();
    const draft = await createPost(w.api);
    const draftRes = expectError(await w.schedule.set(draft.id, inOneHour()), 409);
    expect(draftRes.errors[0]).toBe('Approve this post before scheduling it.');
    const live = await approvedPost(w.api);
    expect((await w.api.manage(live.id, 'PUBLISH', true)).statusCode).toBe(200);
    const liveRes = expectError(await w.schedule.set(live.id, inOneHour()), 409);
    expect(liveRes.errors[0]).toMatch(/already published/);
    expect((await readPost(w.api, draft.id)).scheduledFor).toBeNull();
  });

  it.each([
    ['a time in the past', '2027-03-01T09:59:59Z', /publishAt: must be in the future/],
    ['the present moment', '2027-03-01T10:00:00Z', /publishAt: must be in the future/],
    ['a date without a time', '2027-04-01', /publishAt/],
    ['a time without a zone', '2027-04-01T10:00:00', /publishAt/],
    ['words', 'tomorrow', /publishAt/],
    ['an impossible date', '2027-02-30T10:00:00Z', /publishAt/],
    ['a number', 1893456000000, /publishAt/],
    ['nothing', undefined, /publishAt/],
  ])('should refuse %s with a 400 that names publishAt', async (_what, publishAt, says) => {
    const w = await world();
    const post = await approvedPost(w.api);
    const body = expectError(await w.schedule.set(post.id, publishAt), 400);
    expect(body.errors.join(' ')).toMatch(says);
    expect((await readPost(w.api, post.id)).scheduledFor).toBeNull();
  });

  it('should honour If-Match: a stale version is a 412 and changes nothing', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    const { etag } = (await w.api.get(post.id)).headers as { etag: string };
    const ok = await w.schedule.set(post.id, inOneHour(), { headers: { 'if-match': etag } });
    expect(ok.statusCode, ok.body).toBe(200);
    expectError(await w.schedule.set(post.id, inOneHour(), { headers: { 'if-match': etag } }), 412);
    expectError(await w.schedule.cancel(post.id, { headers: { 'if-match': etag } }), 412);
    expect((await readPost(w.api, post.id)).scheduledFor).not.toBeNull();
  });

  it('should answer 404 for an unknown post and for another domain’s post', async () => {
    const w = await world();
    const other = await world();
    const theirs = await approvedPost(other.api);
    expectError(await w.schedule.set(randomUUID(), inOneHour()), 404);
    expectError(await w.schedule.set(theirs.id, inOneHour()), 404);
    expectError(await w.schedule.cancel(theirs.id), 404);
    expect((await readPost(other.api, theirs.id)).scheduledFor).toBeNull();
  });
});

describe('roles and domains', () => {
  it.each([
    ['author', 403],
    ['editor', 200],
    ['admin', 200],
  ] as const)('should let an %s schedule and cancel: %i', async (role, status) => {
    const w = await world();
    const post = await approvedPost(w.api);
    const { token } = await ctx.member(role, w.domain);
    const theirs = scheduleApi(ctx, token, w.domain.domain);
    const set = await theirs.set(post.id, inOneHour());
    if (status === 403) {
      expect(expectError(set, 403).errors[0]).toMatch(/cannot approve or publish posts/);
      expect(await w.schedule.set(post.id, inOneHour())).toMatchObject({ statusCode: 200 });
      expectError(await theirs.cancel(post.id), 403);
      expect((await readPost(w.api, post.id)).scheduledFor).not.toBeNull();
      return;
    }
    expect(set.statusCode, set.body).toBe(200);
    const cancel = await theirs.cancel(post.id);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ scheduledFor: null, approved: true, published: false });
  });

  it('should refuse a member of another domain (403) and a caller without a token (401)', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    const other = await world();
    // The other domain's editor names this domain: not a member.
    const outsider = scheduleApi(ctx, other.token, w.domain.domain);
    expectError(await outsider.set(post.id, inOneHour()), 403);
    expectError(await outsider.cancel(post.id), 403);
    // …and names their own domain: the post is not there.
    expectError(await scheduleApi(ctx, other.token, other.domain.domain).set(post.id, inOneHour()), 404);
    const anonymous = scheduleApi(ctx, '', w.domain.domain);
    expect((await anonymous.set(post.id, inOneHour())).statusCode).toBe(401);
    expect((await anonymous.cancel(post.id)).statusCode).toBe(401);
    expect((await readPost(w.api, post.id)).scheduledFor).toBeNull();
  });
});

describe('DELETE /cms/blogs/schedule/{id}', () => {
  it('should cancel a schedule and leave the post approved; a post without one is a 409', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    expect(expectError(await w.schedule.cancel(post.id), 409).errors[0]).toBe('This post is not scheduled.');
    await w.schedule.set(post.id, inOneHour());
    const res = await w.schedule.cancel(post.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ scheduledFor: null, approved: true, published: false });
    expect((await readPost(w.api, post.id)).scheduledFor).toBeNull();
  });
});

describe('what cancels a schedule', () => {
  it('should be cancelled by unapproving the post, which may then be edited', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    await w.schedule.set(post.id, inOneHour());
    expect((await w.api.manage(post.id, 'APPROVAL', false)).statusCode).toBe(200);
    expect(await readPost(w.api, post.id)).toMatchObject({ scheduledFor: null, approved: false });
    // Approved again, it has no schedule: it was not remembered.
    expect((await w.api.manage(post.id, 'APPROVAL', true)).statusCode).toBe(200);
    expect((await readPost(w.api, post.id)).scheduledFor).toBeNull();
  });

  it('should keep a scheduled post from being edited (409), and an edit after unapproving leaves no schedule', async () => {
    const w = await world();
    const post = await approvedPost(w.api, { title: 'Before' });
    await w.schedule.set(post.id, inOneHour());
    // The workflow refuses edits of an approved post (spec §4): the scheduled text cannot change.
    expectError(await w.api.update(post.id, postBody({ title: 'After' })), 409);
    expect((await readPost(w.api, post.id)).scheduledFor).not.toBeNull();
    expect((await w.api.manage(post.id, 'APPROVAL', false)).statusCode).toBe(200);
    const edited = await w.api.update(post.id, postBody({ title: 'After' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().scheduledFor).toBeNull();
  });

  it('should be cleared by publishing by hand, and a published post keeps none after unpublishing', async () => {
    const w = await world();
    const post = await approvedPost(w.api);
    await w.schedule.set(post.id, inOneHour());
    const published = await w.api.manage(post.id, 'PUBLISH', true);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ published: true, scheduledFor: null });
    const unpublished = await w.api.manage(post.id, 'PUBLISH', false);
    expect(unpublished.json()).toMatchObject({ published: false, approved: true, scheduledFor: null });
  });
});

describe('GET /cms/blogs/all?status=scheduled', () => {
  it('should list the scheduled posts alone with their total, and approved still lists them', async () => {
    const w = await world();
    const [a, b, c] = [await approvedPost(w.api), await approvedPost(w.api), await approvedPost(w.api)];
    await createPost(w.api);
    await w.schedule.set(a.id, inOneHour());
    await w.schedule.set(c.id, inOneHour());
    const scheduled = await w.api.list({ status: 'scheduled' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const ids = scheduled.json().entries.map((p: { id: string }) => p.id);
    expect(ids.sort()).toEqual([a.id, c.id].sort());
    expect(scheduled.json().totalEntries).toBe(2);
    const approved = await w.api.list({ status: 'approved' });
    expect(approved.json().totalEntries).toBe(3);
    // A cached list answer must not outlive a schedule change (the list version moves with it).
    await w.schedule.cancel(a.id);
    const after = await w.api.list({ status: 'scheduled' });
    expect(after.json().entries.map((p: { id: string }) => p.id)).toEqual([c.id]);
    expect(after.json().totalEntries).toBe(1);
    expect(approved.json().entries.map((p: { id: string }) => p.id)).toContain(b.id);
  });

  it('should count and page the scheduled posts with a search and with a page past the end', async () => {
    const w = await world();
    const one = await approvedPost(w.api, { title: 'Comet watching' });
    const two = await approvedPost(w.api, { title: 'Comet tails' });
    await approvedPost(w.api, { title: 'Comet dust' });
    await w.schedule.set(one.id, inOneHour());
    await w.schedule.set(two.id, inOneHour());
    const searched = await w.api.list({ status: 'scheduled', search: 'comet', numberOfEntries: 1 });
    expect(searched.statusCode, searched.body).toBe(200);
    expect(searched.json().totalEntries).toBe(2);
    expect(searched.json().entries).toHaveLength(1);
    const past = await w.api.list({ status: 'scheduled', page: 5 });
    expect(past.json()).toMatchObject({ totalEntries: 2, entries: [] });
  });

  it('should keep the domains apart', async () => {
    const w = await world();
    const other = await world();
    const post = await approvedPost(other.api);
    await other.schedule.set(post.id, inOneHour());
    expect((await w.api.list({ status: 'scheduled' })).json().totalEntries).toBe(0);
    expect((await other.api.list({ status: 'scheduled' })).json().totalEntries).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('should describe both schedule calls with their body, answers and the scheduled filter', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/cms/openapi.json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
    }>();
    const schedule = doc.paths['/cms/blogs/schedule/{id}']!;
    expect(Object.keys(schedule.put!.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '412',
    ]);
    expect(JSON.stringify(schedule.put!.requestBody)).toContain('publishAt');
    expect(Object.keys(schedule.delete!.responses)).toEqual(
      expect.arrayContaining(['200', '403', '404', '409']),
    );
    expect(JSON.stringify(doc.paths['/cms/blogs/all']!.get)).toContain('scheduled');
    expect(JSON.stringify(doc)).toContain('scheduledFor');
  });
});
