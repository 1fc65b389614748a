// s3rver ships no types; this is the part the tests use.
declare module 's3rver' {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory: string;
    configureBuckets?: { name: string }[];
  }
  /** The part of Koa's context (s3rver is a Koa app) that test middleware reads and writes. */
  export interface S3rverContext {
    method: string;
    query: Record<string, string | string[] | undefined>;
    headers: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Koa's middleware list, composed when the server starts listening. */
    middleware: ((ctx: S3rverContext, next: () => Promise<void>) => Promise<void> | void)[];
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
