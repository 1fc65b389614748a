import fc from 'fast-check';
import {
  CONTENT_TYPES,
  encodeSegment,
  hostileString,
  IF_MATCHES,
  RAW_BODIES,
  RAW_IDS,
  RAW_QUERIES,
} from './hostile-values.js';
import { IDENTITIES, resourceOf, type FuzzWorld, type Identity } from './fuzz-world.js';
import {
  bodyValue,
  queryValue,
  validBody,
  validQueryValue,
  type JsonSchema,
  type KnownValues,
} from './schema-arbitraries.js';

interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query: OpenApiParameter[];
  body?: JsonSchema;
}

/** Every operation of the document, with its query parameters and JSON body schema. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query'),
      body: operation.requestBody?.content['application/json']?.schema,
    })),
  );
}

type DomainChoice = 'home' | 'other' | 'unknown' | 'missing' | 'both' | { raw: string };
type IdChoice =
  | { kind: 'own'; pick: number }
  | { kind: 'other'; pick: number }
  | { kind: 'uuid'; value: string }
  | { kind: 'raw'; value: string };
type IfMatchChoice = 'none' | 'current' | 'star' | 'stale' | { raw: string };
type BodyChoice = { json: unknown } | { raw: string } | undefined;

/** What fast-check generates; `resolve` turns it into a request against the current state. */
export interface RequestSpec {
  operation: Operation;
  identity: Identity;
  domain: DomainChoice;
  id: IdChoice;
  query: Record<string, string | string[] | undefined>;
  extraQuery: string;
  body: BodyChoice;
  contentType: string | undefined;
  ifMatch: IfMatchChoice;
}

export interface FuzzRequest {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

function domainChoice(): fc.Arbitrary<DomainChoice> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant('home' as const) },
    { weight: 2, arbitrary: fc.constantFrom('other' as const, 'unknown' as const, 'missing' as const) },
    { weight: 1, arbitrary: fc.constant('both' as const) },
    { weight: 1, arbitrary: hostileString.map((raw) => ({ raw })) },
  );
}

function idChoice(): fc.Arbitrary<IdChoice> {
  return fc.oneof(
    { weight: 10, arbitrary: fc.nat().map((pick) => ({ kind: 'own' as const, pick })) },
    { weight: 2, arbitrary: fc.nat().map((pick) => ({ kind: 'other' as const, pick })) },
    { weight: 1, arbitrary: fc.uuid().map((value) => ({ kind: 'uuid' as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...RAW_IDS), hostileString.map(encodeSegment))
        .map((value) => ({ kind: 'raw' as const, value })),
    },
  );
}

function bodyChoice(operation: Operation, known: KnownValues): fc.Arbitrary<BodyChoice> {
  const json = operation.body ? bodyValue(operation.body, known) : fc.constant({});
  const withBody = operation.method === 'POST' || operation.method === 'PUT';
  return fc.oneof(
    { weight: withBody ? 12 : 1, arbitrary: json.map((value) => ({ json: value })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES).map((raw) => ({ raw })) },
    { weight: withBody ? 1 : 12, arbitrary: fc.constant(undefined) },
  );
}

/** Requests for one operation: every parameter and the body valid or not, and random headers. */
function requestOf(operation: Operation, known: KnownValues): fc.Arbitrary<RequestSpec> {
  const query = Object.fromEntries(
    operation.query
      .filter((p) => p.name !== 'domain')
      .map((p) => [p.name, queryValue(p.name, p.schema, known)]),
  );
  return fc.record({
    operation: fc.constant(operation),
    identity: fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom<Identity>('admin', 'editor', 'author') },
      { weight: 3, arbitrary: fc.constant<Identity>('outsider') },
      { weight: 3, arbitrary: fc.constantFrom<Identity>(...IDENTITIES) },
    ),
    domain: domainChoice(),
    id: idChoice(),
    query: fc.record(query),
    extraQuery: fc.oneof(
      { weight: 10, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.string({ maxLength: 8 }), hostileString)
          .map(([k, v]) => `&${encodeSegment(k)}=${encodeSegment(v)}`),
      },
    ),
    body: bodyChoice(operation, known),
    contentType: fc.oneof(
      { weight: 10, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    ifMatch: fc.oneof(
      { weight: 4, arbitrary: fc.constant('none' as const) },
      { weight: 4, arbitrary: fc.constant('current' as const) },
      { weight: 1, arbitrary: fc.constantFrom('star' as const, 'stale' as const) },
      { weight: 1, arbitrary: fc.constantFrom(...IF_MATCHES).map((raw) => ({ raw })) },
    ),
  });
}

/** A request for any operation of the document, each as likely as the others. */
export function requestArbitrary(operations: Operation[], known: KnownValues): fc.Arbitrary<RequestSpec> {
  return fc.oneof(
    ...operations.map((operation) =>
      fc.oneof(
        { weight: 1, arbitrary: requestOf(operation, known) },
        { weight: 1, arbitrary: wellFormedRequestOf(operation, known) },
      ),
    ),
  );
}

/**
 * Requests a member of the domain would send: valid parameters and body, so that posts get
 * created, edited, approved, published and deleted, and the hostile ones meet every state.
 */
function wellFormedRequestOf(operation: Operation, known: KnownValues): fc.Arbitrary<RequestSpec> {
  const query = Object.fromEntries(
    operation.query
      .filter((p) => p.name !== 'domain')
      .map((p) => {
        const valid = validQueryValue(p.name, p.schema, known);
        return [p.name, p.required ? valid : fc.option(valid, { nil: undefined })];
      }),
  );
  const body = operation.body ? validBody(operation.body, known) : fc.constant(undefined);
  return fc.record({
    operation: fc.constant(operation),
    identity: fc.constantFrom<Identity>('admin', 'editor', 'author'),
    domain: fc.constant('home' as const),
    id: fc.nat().map((pick) => ({ kind: 'own' as const, pick })),
    query: fc.record(query),
    extraQuery: fc.constant(''),
    body: body.map((json) => (json === undefined ? undefined : { json })),
    contentType: fc.constant('application/json'),
    ifMatch: fc.constantFrom('none' as const, 'current' as const, 'stale' as const),
  });
}

function pickFrom(list: string[], pick: number): string | undefined {
  return list.length > 0 ? list[pick % list.length] : undefined;
}

function pathId(spec: RequestSpec, world: FuzzWorld): string {
  const resource = resourceOf(spec.operation.path);
  const { id } = spec;
  if (id.kind === 'own')
    return pickFrom(resource ? world.ids[resource] : [], id.pick) ?? world.homeData.postId;
  if (id.kind === 'other') {
    const other = world.others[id.pick % world.others.length]!;
    const ofResource = {
      blogs: other.data.postId,
      tags: other.data.tagId,
      categories: other.data.categoryId,
      assets: other.assetId,
    };
    return ofResource[resource ?? 'blogs'];
  }
  return id.value;
}

function domainValues(choice: DomainChoice, world: FuzzWorld): string[] {
  if (typeof choice === 'object') return [choice.raw];
  const other = world.others[0]!.domain.domain;
  const values = {
    home: [world.home.domain],
    other: [other],
    unknown: ['unknown.example.test'],
    missing: [],
    both: [world.home.domain, other],
  };
  return values[choice];
}

/** The concrete request for a spec, given the ids and ETags the run has seen so far. */
export function resolve(spec: RequestSpec, world: FuzzWorld): FuzzRequest {
  const { operation } = spec;
  const id = operation.path.includes('{id}') ? pathId(spec, world) : undefined;
  const pairs: string[] = [];
  if (operation.query.some((p) => p.name === 'domain')) {
    for (const value of domainValues(spec.domain, world)) pairs.push(`domain=${encodeSegment(value)}`);
  }
  for (const [name, value] of Object.entries(spec.query)) {
    for (const one of value === undefined ? [] : [value].flat()) pairs.push(`${name}=${encodeSegment(one)}`);
  }
  const query = pairs.join('&') + spec.extraQuery;
  const path = id === undefined ? operation.path : operation.path.replace('{id}', id);
  const url = query ? `${path}?${query.replace(/^&/, '')}` : path;

  const headers: Record<string, string> = {};
  const authorization = world.authorization[spec.identity];
  if (authorization !== undefined) headers.authorization = authorization;
  const ifMatch = ifMatchValue(spec.ifMatch, id, world);
  if (ifMatch !== undefined) headers['if-match'] = ifMatch;
  const request: FuzzRequest = { method: operation.method, url, headers };
  if (spec.body !== undefined) {
    request.payload = 'raw' in spec.body ? spec.body.raw : JSON.stringify(spec.body.json);
    if (spec.contentType !== undefined) headers['content-type'] = spec.contentType;
  }
  return request;
}

function ifMatchValue(choice: IfMatchChoice, id: string | undefined, world: FuzzWorld) {
  if (typeof choice === 'object') return choice.raw;
  if (choice === 'star') return '*';
  const current = id === undefined ? undefined : world.etags.get(id);
  if (choice === 'current') return current;
  if (choice === 'stale') return current ? `"${Number(current.replace(/"/g, '')) - 1}"` : '"0"';
  return undefined;
}
