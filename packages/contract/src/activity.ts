import { Type, type Static } from '@sinclair/typebox';
import {
  ACTIVITY_KINDS,
  ACTIVITY_OBJECTS,
  type ActivityKind,
  type ActivityObject,
} from './activity-kinds.js';
import { DomainQuery, ListQuery } from './paging.js';

export * from './activity-kinds.js';

export const isActivityKind = (value: string): value is ActivityKind =>
  (ACTIVITY_KINDS as readonly string[]).includes(value);
export const isActivityObject = (value: string): value is ActivityObject =>
  (ACTIVITY_OBJECTS as readonly string[]).includes(value);

/** The kinds a `kind` filter stands for: itself, or every kind of an object; null when it is neither. */
export function activityKindsOf(filter: string): ActivityKind[] | null {
  if (isActivityKind(filter)) return [filter];
  if (isActivityObject(filter)) return ACTIVITY_KINDS.filter((kind) => kind.startsWith(`${filter}.`));
  return null;
}

export const ACTIVITY_KIND_MESSAGE = `must be one of ${ACTIVITY_OBJECTS.join(', ')} or an exact kind such as post.published`;

export const ActivityKindSchema = Type.Union(
  ACTIVITY_KINDS.map((kind) => Type.Literal(kind)),
  { title: 'ActivityKind' },
);

export const ActivityQuery = Type.Object({
  domain: DomainQuery.properties.domain,
  page: ListQuery.properties.page,
  numberOfEntries: ListQuery.properties.numberOfEntries,
  email: Type.Optional(
    Type.String({ minLength: 1, maxLength: 320, description: 'Only the changes this person made' }),
  ),
  kind: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: `One kind (e.g. post.published) or an object for all of its kinds: ${ACTIVITY_OBJECTS.join(', ')}`,
    }),
  ),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivityActor = Type.Object({
  email: Type.String({
    description: 'The e-mail of whoever made the change; `system` or `cli` for a process',
  }),
  name: Type.Union([Type.String(), Type.Null()]),
});
export type ActivityActor = Static<typeof ActivityActor>;

export const ActivityEntry = Type.Object(
  {
    id: Type.String({ description: 'Rising with every change of the server' }),
    date: Type.String({ format: 'date-time' }),
    actor: ActivityActor,
    kind: ActivityKindSchema,
    objectId: Type.Union([Type.String(), Type.Null()]),
    objectLabel: Type.Union([Type.String(), Type.Null()], {
      description: 'What the object was called at the time: a title, a name, a file name, an e-mail',
    }),
    before: Type.Unknown({ description: 'For settings: the value before the change; null otherwise' }),
    after: Type.Unknown({ description: 'For settings: the value after the change; null otherwise' }),
  },
  { title: 'ActivityEntry' },
);
export type ActivityEntry = Static<typeof ActivityEntry>;

export const ActivityPeople = Type.Array(ActivityActor, {
  description: "Everyone who appears in the domain's activity, by e-mail",
});
export type ActivityPeople = Static<typeof ActivityPeople>;
