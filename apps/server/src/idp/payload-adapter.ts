import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/database.js';
import {
  consumePayload,
  deletePayload,
  deletePayloadsOfGrant,
  findPayload,
  upsertPayload,
} from '../db/repositories/idp-payloads.repository.js';

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

function withConsumed(row: { payload: Record<string, unknown>; consumed_at: Date | null } | undefined) {
  if (!row) return undefined;
  const payload = row.payload as AdapterPayload;
  // The provider reads `consumed` (epoch seconds) to refuse a code or refresh token used twice.
  return row.consumed_at ? { ...payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : payload;
}

/**
 * oidc-provider's storage (sessions, interactions, grants, codes, refresh tokens) in the
 * idp_payloads table, so that every instance on the database and every restart sees the same
 * sign-ins. The provider makes one adapter per model ("Session", "RefreshToken", …).
 */
export function payloadAdapter(db: Db): new (model: string) => Adapter {
  return class KyselyAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      await upsertPayload(db, this.model, id, {
        payload,
        grantId: optionalString(payload.grantId),
        uid: optionalString(payload.uid),
        userCode: optionalString(payload.userCode),
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : undefined,
      });
    }

    async find(id: string) {
      return withConsumed(await findPayload(db, this.model, { column: 'id', value: id }));
    }

    async findByUid(uid: string) {
      return withConsumed(await findPayload(db, this.model, { column: 'uid', value: uid }));
    }

    async findByUserCode(userCode: string) {
      return withConsumed(await findPayload(db, this.model, { column: 'user_code', value: userCode }));
    }

    async consume(id: string) {
      await consumePayload(db, this.model, id);
    }

    async destroy(id: string) {
      await deletePayload(db, this.model, id);
    }

    async revokeByGrantId(grantId: string) {
      await deletePayloadsOfGrant(db, this.model, grantId);
    }
  };
}
