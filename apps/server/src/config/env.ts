import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The one place that reads process.env (STYLE §6). Every variable is validated at once so that
 * a bad deployment is told about every problem in a single message.
 */
const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const url = z.url({ protocol: /^https?$/ });

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY lists. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  const [address = '', bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  if (RANGE_NAMES.has(entry)) return true;
  const version = isIP(address);
  if (version === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * Which proxies may tell us the client's address (X-Forwarded-For): off (the default), `true`
 * (any: only when nothing reaches the server except through the proxy), a hop count, or a list of
 * addresses and CIDR ranges. Fastify's trustProxy takes each of these forms.
 */
const trustProxy = z.string().transform((value, context): boolean | number | string[] => {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (entries.length > 0 && bad.length === 0) return entries;
  context.addIssue({
    code: 'custom',
    message: `must be true, false, a hop count, or a comma-separated list of addresses and CIDR ranges${
      bad.length > 0 ? ` (not: ${bad.join(', ')})` : ''
    }`,
  });
  return z.NEVER;
});

/** 32 bytes, as 64 hex digits or base64 (decision 042). */
const secretsKey = z.string().transform((value, context) => {
  const text = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length === 32) return key;
  context.addIssue({
    code: 'custom',
    message: 'must be 32 bytes as 64 hex digits or base64 (e.g. openssl rand -base64 32)',
  });
  return z.NEVER;
});

/** IMAGE_WIDTHS: a comma-separated list of widths in pixels, 16 to 8192 (issue 31, decision 064). */
const imageWidths = z.string().transform((value, context): readonly number[] => {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const widths = entries.map(Number);
  if (
    entries.length > 0 &&
    entries.length <= 12 &&
    entries.every((entry, i) => /^\d{1,4}$/.test(entry) && widths[i]! >= 16 && widths[i]! <= 8192)
  ) {
    return [...new Set(widths)].sort((a, b) => a - b);
  }
  context.addIssue({
    code: 'custom',
    message: 'must be a comma-separated list of 1 to 12 widths in pixels, each 16 to 8192',
  });
  return z.NEVER;
});

/** WEBHOOK_PORTS: `any`, or a comma-separated list of ports (decision 057). */
const webhookPorts = z.string().transform((value, context): ReadonlySet<number> | 'any' => {
  const text = value.trim().toLowerCase();
  if (text === 'any') return 'any';
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const ports = entries.map(Number);
  if (
    entries.length > 0 &&
    entries.every((entry, i) => /^\d{1,5}$/.test(entry) && ports[i]! >= 1 && ports[i]! <= 65535)
  )
    return new Set(ports);
  context.addIssue({
    code: 'custom',
    message: 'must be `any` or a comma-separated list of ports (1 to 65535)',
  });
  return z.NEVER;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: the public endpoints' own connections per process (decision 058). */
  DELIVERY_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
  /** PostgreSQL: a public endpoint's statement is cancelled after this long; 0: never (decision 058). */
  DELIVERY_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  /** Prepared statements on PostgreSQL (decision 028); false for a pooler that cannot keep them. */
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  /** At start, how long to keep trying a PostgreSQL server that cannot be reached (decision 032); 0 tries once. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ENDPOINT: url.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_PUBLIC_URL: url.optional(),
  /** The issue's name for S3_PUBLIC_URL, still accepted. */
  S3_PUBLIC_BASE_URL: url.optional(),
  S3_PUBLIC_ACL: flag.default(true),
  OIDC_AUTHORITY: url.optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('masthead-web'),
  OIDC_AUDIENCE: z.string().min(1).default('masthead-api'),
  /** Only an e-mail the provider has verified (email_verified) stands for a member (decision 034). */
  OIDC_REQUIRE_VERIFIED_EMAIL: flag.default(true),
  /** The built-in provider: a session unused this long needs a new sign-in (at most the 14 days a sign-in lasts). */
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(14 * 24)
    .default(12),
  TRUST_PROXY: trustProxy.default(false),
  /** /cms calls per user and minute; 0 turns the limit off (the bench does). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** /api/v1 calls per content key and minute; 0 turns the limit off (decision 040). */
  DELIVERY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(6000),
  /** /api/v1 calls per client address and minute; 0 turns the limit off (decision 058). */
  DELIVERY_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  /** /feeds requests per client address and minute; 0 turns the limit off (decision 058). */
  FEEDS_RATE_LIMIT_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(300),
  /** Preview links (editor's and share) each user may make a minute; 0 turns the limit off (decision 061). */
  PREVIEW_LINKS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Masthead's own preview pages (/preview/<token>) per client address and minute; 0: no limit (decision 061). */
  PREVIEW_PAGES_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** The Cache-Control of every 200 of /api/v1 (decision 040). */
  DELIVERY_CACHE_CONTROL: z
    .string()
    .regex(/^[\x20-\x7e]{1,200}$/, 'must be 1 to 200 printable ASCII characters')
    .default('public, max-age=60, stale-while-revalidate=300'),
  /**
   * How long the delivery API's changes keep every step (issue 20, decision 038); older ones are
   * compacted to the last state of each post, and a cursor from before then gets 410.
   */
  CHANGES_RETENTION_DAYS: z.coerce.number().int().min(30).max(3650).default(30),
  /**
   * `off`: saves and workflow changes write no revision (decision 052), as before issue 23; for the
   * bench's comparison, or an install that wants no history. What was kept stays readable.
   */
  REVISIONS: z.enum(['on', 'off']).default('on'),
  /** Every revision of a post younger than this is kept (issue 23, decision 050). */
  REVISIONS_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Then one revision a day until this age, and one a month after it; at least REVISIONS_KEEP_DAYS. */
  REVISIONS_KEEP_DAILY_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /**
   * Redis for the rate limits (per user, failed sign-ins), shared by every process and server;
   * without it each process counts in its own memory (decision 034).
   */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  /** Put before every key the server writes to Redis, so that several installs can share one. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 letters, digits or : _ . -')
    .default('masthead:'),
  /**
   * The mail server that sends invitations and password resets (decision 056), as
   * smtp://user:password@host:587 (STARTTLS when offered) or smtps://…:465; without it, invitation
   * links are shown to the inviting admin and there is no "Forgot password?".
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  /** The sender of those mails; "Masthead <no-reply@…PUBLIC_URL's host>" by default. */
  MAIL_FROM: z
    .string()
    .regex(/^\P{Cc}{3,300}$/u, 'must be one line of 3 to 300 characters, e.g. Masthead <cms@example.com>')
    .optional(),
  /** A post search counts its matches exactly up to this many; above, its total is an estimate. */
  SEARCH_EXACT_TOTAL: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /**
   * Memory for this process's cache of list answers (posts, tags, categories), in MB; 0 turns it
   * off. An answer is kept under its domain's list version, which every write bumps (decision 030).
   */
  LIST_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /** Memory per process for rendered feeds and sitemaps, kept gzipped, in MB; 0: none (decision 058). */
  FEED_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(16),
  /** Server processes sharing PORT (node's cluster module); more than 1 needs PostgreSQL. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Webhook URLs may point at loopback, private and other reserved addresses (tests, private networks). */
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  /** Webhook URLs may be http:// (otherwise https only). */
  WEBHOOK_ALLOW_HTTP: flag.default(false),
  /** The ports webhook URLs may name (issue 29, decision 057); `any` for every port. */
  WEBHOOK_PORTS: webhookPorts.default(new Set([443, 80, 8443])),
  /** Webhooks one domain may have (issue 29, decision 057). */
  WEBHOOK_MAX_PER_DOMAIN: z.coerce.number().int().min(1).max(1000).default(50),
  /** Test pings and redeliveries one domain may queue a minute; 0 turns the limit off (decision 057). */
  WEBHOOK_TESTS_PER_MINUTE: z.coerce.number().int().min(0).max(10_000).default(20),
  /**
   * The key that encrypts webhook signing secrets; without it a key file is made in DATA_DIR.
   * Several servers on one PostgreSQL with their own DATA_DIR must share one (decision 042).
   */
  WEBHOOK_SECRETS_KEY: secretsKey.optional(),
  /**
   * Image variants (issue 31, decision 064): `off` serves every image as its original only; no
   * variant is made, and /img answers 404.
   */
  IMAGES: z.enum(['on', 'off']).default('on'),
  /** The widths variants are made at (never wider than the original). */
  IMAGE_WIDTHS: imageWidths.default([320, 640, 960, 1280, 1920, 2560]),
  /**
   * The widest AVIF variant (decision 066): wider ones are WebP and the original format only, since
   * an AVIF's encoder holds far more memory and time than the others; 0 makes no AVIF at all.
   */
  IMAGE_AVIF_MAX_WIDTH: z.coerce.number().int().min(0).max(8192).default(1280),
  /** Uploads with more pixels than this are refused at registration (413), before decoding. */
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(1000).default(40),
  /** Renders at once per process; the number of cores by default. */
  IMAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * The memory the renders at once may take together, in MB (each render's need is estimated from
   * its size and format); a render needing more than this runs alone.
   */
  IMAGE_RENDER_MEMORY_MB: z.coerce.number().int().min(16).max(16_384).default(48),
  /** Renders waiting per process; a first request for a variant past this gets 503 with Retry-After. */
  IMAGE_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** One render (an image's whole set in the background, one variant on request) stops after this long. */
  IMAGE_RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Keep the GPS position in public originals; by default registration removes it. */
  IMAGE_KEEP_GPS: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** On by default with the built-in provider; off by default with OIDC_AUTHORITY (parseEnv). */
  MASTHEAD_DEMO: flag.optional(),
});

/**
 * Rules between variables, checked on the raw values so that they are reported together with
 * every other problem (a refinement would run only once all single values are valid).
 */
function crossProblems(source: Record<string, string>): string[] {
  const problems: string[] = [];
  const { S3_PUBLIC_URL: publicUrl, S3_PUBLIC_BASE_URL: baseUrl } = source;
  if (publicUrl && baseUrl && publicUrl.replace(/\/+$/, '') !== baseUrl.replace(/\/+$/, '')) {
    problems.push('S3_PUBLIC_BASE_URL: differs from S3_PUBLIC_URL; set only S3_PUBLIC_URL');
  }
  // PGlite is one database in one process, behind the data-folder lock: a second process cannot open it.
  if (Number(source.WEB_CONCURRENCY) > 1 && !source.DATABASE_URL) {
    problems.push(
      'WEB_CONCURRENCY: must be 1 with the embedded database (PGlite serves one process); set DATABASE_URL to a PostgreSQL server to run several',
    );
  }
  const keepDays = Number(source.REVISIONS_KEEP_DAYS ?? 30);
  const dailyDays = Number(source.REVISIONS_KEEP_DAILY_DAYS ?? 365);
  if (dailyDays < keepDays) {
    problems.push('REVISIONS_KEEP_DAILY_DAYS: must be at least REVISIONS_KEEP_DAYS');
  }
  if (source.STORAGE_DRIVER !== 's3') return problems;
  for (const key of ['S3_BUCKET', 'S3_REGION']) {
    if (!source[key]) problems.push(`${key}: is required when STORAGE_DRIVER=s3`);
  }
  // Credentials come in pairs; with neither, the AWS default chain (roles, profiles) is used.
  const id = 'S3_ACCESS_KEY_ID';
  const secret = 'S3_SECRET_ACCESS_KEY';
  if (source[id] && !source[secret]) problems.push(`${secret}: is required when ${id} is set`);
  if (source[secret] && !source[id]) problems.push(`${id}: is required when ${secret} is set`);
  return problems;
}

export type RawEnv = z.infer<typeof EnvSchema>;

export interface Env extends Omit<RawEnv, 'S3_PUBLIC_BASE_URL' | 'MASTHEAD_DEMO'> {
  PUBLIC_URL: string;
  DATA_DIR: string;
  MASTHEAD_DEMO: boolean;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Empty strings count as unset, as they do in most .env files. */
function withoutEmpty(source: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(source).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''),
  );
}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const values = withoutEmpty(source);
  const result = EnvSchema.safeParse(values);
  const problems = [
    ...(result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...crossProblems(values),
  ];
  if (!result.success || problems.length > 0) throw new EnvError(problems);
  const { S3_PUBLIC_BASE_URL, ...env } = result.data;
  return {
    ...env,
    S3_PUBLIC_URL: env.S3_PUBLIC_URL ?? S3_PUBLIC_BASE_URL,
    // The demo makes demo@masthead.local an admin, with a printed password on the built-in provider.
    // With another provider there is no such account, and whoever holds that address there would
    // hold the rights: the demo is then only on when asked for (issue 19, finding 6).
    MASTHEAD_DEMO: env.MASTHEAD_DEMO ?? !env.OIDC_AUTHORITY,
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    DATA_DIR: path.resolve(env.DATA_DIR),
  };
}
