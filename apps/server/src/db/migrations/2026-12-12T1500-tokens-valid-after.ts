import { sql, type Kysely } from 'kysely';

/**
 * Access tokens end with "sign out everywhere" and a password change (decision 054).
 *
 * `idp_accounts.tokens_valid_after`: set by either, in the transaction that deletes the account's
 * sessions; an access token issued before it is refused. Whole milliseconds, and strictly rising, so
 * that the value a token carries (its `sign_out_mark` claim) compares exactly with the stored one.
 * The partial index serves each process's read of the marks set in the last minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idp_accounts add column tokens_valid_after timestamptz`.execute(db);
  await sql`
    create index idp_accounts_tokens_valid_after on idp_accounts (tokens_valid_after)
    where tokens_valid_after is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists idp_accounts_tokens_valid_after`.execute(db);
  await sql`alter table idp_accounts drop column if exists tokens_valid_after`.execute(db);
}
