import type { Db } from '../db/database.js';
import { findRecentTokenMarks } from '../db/repositories/idp-accounts.repository.js';
import { ACCESS_TOKEN_TTL } from './provider.js';

/**
 * How old this process's copy of the marks may be when a request is checked against it: a sign-out
 * everywhere made by another process (WEB_CONCURRENCY, another instance, the CLI) voids the account's
 * access tokens here within this time, plus one query's (decision 054).
 */
export const MARKS_MAX_AGE_MS = 2_000;
/**
 * A mark older than this voids no token that could still pass: every token issued before it has
 * expired (ACCESS_TOKEN_TTL, the verifier's 5 s of clock tolerance, and minutes of margin for clocks).
 */
const RELEVANT_SECONDS = ACCESS_TOKEN_TTL + 5 * 60;

/** The accounts whose mark may still void a token, with it. */
export type MarksReader = () => Promise<{ id: string; tokens_valid_after: Date | null }[]>;

export interface SignOutMarksOptions {
  maxAgeMs?: number;
  /** The clock, in milliseconds (tests use a fake one); Date.now by default. */
  now?: () => number;
}

/**
 * Each account's `tokens_valid_after` (decision 054), for the built-in provider's tokens: a token is
 * void when the mark it was issued under (its `sign_out_mark` claim) is older than the account's.
 * One query per process reads the marks of the last minutes, a handful of rows whatever the number of
 * users, at most once per MARKS_MAX_AGE_MS; every other request is checked in memory.
 */
export class SignOutMarks {
  private marks = new Map<string, number>();
  private loadedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<void> | undefined;
  /** Raised by forget(): a read begun before it is not kept. */
  private generation = 0;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  /** The marks of this database's accounts. */
  static of(db: Db, options: SignOutMarksOptions = {}) {
    return new SignOutMarks(() => findRecentTokenMarks(db, RELEVANT_SECONDS), options);
  }

  constructor(
    private readonly read: MarksReader,
    options: SignOutMarksOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? MARKS_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Undefined when this process's copy of the marks is recent enough; else the read to wait for
   * before voids(). Split so that the usual request allocates no promise.
   */
  fresh(): Promise<void> | undefined {
    return this.now() - this.loadedAt >= this.maxAgeMs ? this.load() : undefined;
  }

  /** Whether an access token of this account, issued under this mark (none: undefined), is void. */
  voids(accountId: string, tokenMark: number | undefined): boolean {
    const mark = this.marks.get(accountId);
    return mark !== undefined && (tokenMark === undefined || tokenMark < mark);
  }

  /** A mark was just set by this process: the next check reads them again, so it applies at once here. */
  forget() {
    this.generation++;
    this.loading = undefined;
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** One read at a time; the requests that come meanwhile wait for it. */
  private load(): Promise<void> {
    if (this.loading) return this.loading;
    const generation = this.generation;
    const startedAt = this.now();
    const loading = this.read()
      .then((rows) => {
        if (generation !== this.generation) return;
        this.marks = new Map(
          rows.flatMap((row) => (row.tokens_valid_after ? [[row.id, row.tokens_valid_after.getTime()]] : [])),
        );
        // From when it was asked: a mark set while the query ran may be missing from the answer.
        this.loadedAt = startedAt;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }
}
