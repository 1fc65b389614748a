import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from './constants.js';

export const Domain = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    domain: Type.String({ description: 'Host name, e.g. blog.example.com' }),
    name: Type.String(),
  },
  { title: 'Domain' },
);
export type Domain = Static<typeof Domain>;

export const DomainList = Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 100 });
export type DomainList = Static<typeof DomainList>;

export const RoleSchema = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  { description: 'author < editor < admin' },
);

export const UserInfo = Type.Object(
  {
    domains: Type.Array(Type.String()),
    memberships: Type.Array(Type.Object({ domain: Type.String(), role: RoleSchema })),
    name: Type.String(),
    email: Type.String(),
  },
  { title: 'UserInfo' },
);
export type UserInfo = Static<typeof UserInfo>;
