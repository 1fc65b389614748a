import { describe, expect, it } from 'vitest';
import { SignOutMarks, type MarksReader } from '../sign-out-marks.js';

const ACCOUNT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';

/** fresh() then voids(), as the token check does. */
async function voids(marks: SignOutMarks, accountId: string, tokenMark: number | undefined) {
  await marks.fresh();
  return marks.voids(accountId, tokenMark);
}

/** A reader over a table the test edits, counting its reads; `hold` keeps the next read pending. */
function fakeMarks() {
  const table = new Map<string, number>();
  let reads = 0;
  let held: (() => void) | undefined;
  let holdNext = false;
  const read: MarksReader = async () => {
    reads++;
    // The rows as they are when the query runs, not when it answers.
    const rows = [...table].map(([id, ms]) => ({ id, tokens_valid_after: new Date(ms) }));
    if (holdNext) {
      holdNext = false;
      await new Promise<void>((resolve) => (held = resolve));
    }
    return rows;
  };
  return {
    table,
    read,
    reads: () => reads,
    hold: () => (holdNext = true),
    release: () => held?.(),
  };
}

describe('SignOutMarks', () => {
  it('should void the tokens issued under an older mark, or under none, and only those', async () => {
    const fake = fakeMarks();
    fake.table.set(ACCOUNT, 5_000);
    const marks = new SignOutMarks(fake.read);
    expect(await voids(marks, ACCOUNT, undefined)).toBe(true);
    expect(await voids(marks, ACCOUNT, 0)).toBe(true);
    expect(await voids(marks, ACCOUNT, 4_999)).toBe(true);
    expect(await voids(marks, ACCOUNT, 5_000)).toBe(false);
    expect(await voids(marks, OTHER, undefined)).toBe(false);
    expect(await voids(marks, OTHER, 0)).toBe(false);
  });

  it('should read the marks at most once per max age, and once for requests that come together', async () => {
    const fake = fakeMarks();
    let now = 1_000_000;
    const marks = new SignOutMarks(fake.read, { maxAgeMs: 2_000, now: () => now });
    await Promise.all([voids(marks, ACCOUNT, 0), voids(marks, ACCOUNT, 0), voids(marks, OTHER, 0)]);
    expect(fake.reads()).toBe(1);

    fake.table.set(ACCOUNT, 7_000);
    now += 1_999;
    // Another process's mark is not seen yet: the copy is less than the max age old.
    expect(await voids(marks, ACCOUNT, 0)).toBe(false);
    now += 1;
    expect(await voids(marks, ACCOUNT, 0)).toBe(true);
    expect(fake.reads()).toBe(2);
  });

  it('should read again at once after forget(), and not keep a read begun before it', async () => {
    const fake = fakeMarks();
    const now = 1_000_000;
    const marks = new SignOutMarks(fake.read, { now: () => now });
    await voids(marks, ACCOUNT, 0);

    // A read under way when this process sets a mark: its answer may be without it.
    marks.forget();
    fake.hold();
    const early = voids(marks, ACCOUNT, 0);
    fake.table.set(ACCOUNT, 9_000);
    marks.forget();
    expect(await voids(marks, ACCOUNT, 0)).toBe(true);
    fake.release();
    await early;
    // The late answer of the earlier read did not replace the newer one.
    expect(await voids(marks, ACCOUNT, 0)).toBe(true);
    expect(fake.reads()).toBe(3);
  });
});
