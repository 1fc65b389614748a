import fc from 'fast-check';
import { anyJson, hostileString, ODD_NUMBERS } from './hostile-values.js';

/** The part of JSON Schema that the OpenAPI document of /cms uses. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

/** Values the server has seen: the uuids of real rows, so that valid bodies can name them. */
export interface KnownValues {
  uuids: string[];
  /** Uploaded files that a POST /cms/assets/list may register, as the upload URL named them. */
  uploads: Array<{ fileKey: string; fileName: string; mimeType: string; public: boolean }>;
  /** The fuzzed domain's own tags and categories, for posts that should be saved. */
  tagIds: string[];
  categoryIds: string[];
}

/** A body the schema (and the services' own rules, as far as known) accepts. */
export function validBody(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  return validValue(schema, known);
}

const lexicalState = (text: string) =>
  JSON.stringify({
    root: {
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'text', text, format: 0 }] }],
    },
  });

/**
 * Valid values the schema alone cannot describe (the services check these), by property name, so
 * that a good share of the generated bodies gets past validation to the handlers.
 */
const propertyHints = (known: KnownValues): Record<string, fc.Arbitrary<unknown>> => ({
  editorState: fc.oneof(fc.constant(null), fc.string({ maxLength: 40 }).map(lexicalState)),
  editorHtmlContent: fc.oneof(
    fc.string({ maxLength: 40 }).map((text) => `<p>${text}</p>`),
    fc.constantFrom(
      '<h2>Title</h2><ul><li>one</li></ul>',
      '<p><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AA" onerror="x()"></p>',
      '<table><tr><td colspan="2">cell</td></tr></table>',
      '<script>alert(1)</script><p>after</p>',
    ),
  ),
  featureImageUrl: fc.constantFrom('', 'https://images.example.test/a.png', 'http://localhost/x.jpg'),
  fields: fc.constant({}),
  mimeType: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('image/png', 'image/jpeg') },
    { weight: 1, arbitrary: fc.constantFrom('image/gif', 'text/html', 'image/svg+xml') },
  ),
  fileName: fc.constantFrom(
    'photo.png',
    'Ünïcode café.jpg',
    '../../etc/passwd.png',
    'a'.repeat(300) + '.png',
  ),
  tags: fc.subarray(known.tagIds, { maxLength: Math.min(3, known.tagIds.length) }),
  category: fc.oneof(fc.constant(null), fc.constantFrom(...known.categoryIds)),
});
/** Properties the services require although the schema leaves them optional (posts, assets). */
const ALWAYS_SENT = new Set([
  'title',
  'writtenBy',
  'editorHtmlContent',
  'description',
  'fileKey',
  'fileName',
  'mimeType',
  'public',
]);

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function validString(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return known.uuids.length > 0
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...known.uuids) },
          { weight: 1, arbitrary: fc.uuid() },
        )
      : fc.uuid();
  }
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,30}$/) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: Math.max(min, 1), maxLength: max }) },
    )
    .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
}

/** A value the schema accepts (as far as the schema alone can say). */
export function validValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((branch) => validValue(branch, known)));
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validValue({ ...schema, type }, known)));
  switch (kinds[0]) {
    case 'string':
      return validString(schema, known);
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, known) : anyJson, {
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object':
      return validObject(schema, known);
    default:
      return anyJson;
  }
}

function validObject(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  if (Object.keys(properties).length === 0) {
    return typeof schema.additionalProperties === 'object'
      ? fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), validValue(schema.additionalProperties, known), {
          maxKeys: 2,
        })
      : fc.constant({});
  }
  const hints = propertyHints(known);
  // A hint replaces the schema's own values: the "invalid" variants cover the rest.
  const arbitraries = Object.fromEntries(
    Object.entries(properties).map(([key, property]) => [key, hints[key] ?? validValue(property, known)]),
  );
  if (properties.fileKey && known.uploads.length > 0) {
    // Registering an upload: the file's key, name, type and visibility as the upload URL gave them.
    const registration = fc
      .tuple(fc.constantFrom(...known.uploads), fc.string({ maxLength: 40 }))
      .map(([upload, description]) => ({ ...upload, description }));
    return fc.oneof(registration, fc.record(arbitraries));
  }
  const requiredKeys = [
    ...(schema.required ?? []),
    ...Object.keys(properties).filter((k) => ALWAYS_SENT.has(k)),
  ];
  return fc.record(arbitraries, { requiredKeys });
}

/** A value of a type the schema does not take, or past one of its limits. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kinds = schema.anyOf ? schema.anyOf.flatMap(types) : types(schema);
  const options: fc.Arbitrary<unknown>[] = [anyJson, hostileString];
  if (kinds.includes('string') && schema.maxLength !== undefined) {
    options.push(fc.constant('y'.repeat(schema.maxLength + 1)));
  }
  if (kinds.includes('integer') || kinds.includes('number')) {
    options.push(fc.constantFrom<unknown>(...ODD_NUMBERS, '1', '0x10', true));
    if (schema.minimum !== undefined) options.push(fc.constant(schema.minimum - 1));
    if (schema.maximum !== undefined) options.push(fc.constant(schema.maximum + 1));
  }
  if (kinds.includes('array')) {
    options.push(fc.constant(Array.from({ length: (schema.maxItems ?? 100) + 1 }, (_, i) => String(i))));
    options.push(fc.array(anyJson, { minLength: 1, maxLength: 4 }));
  }
  if (kinds.includes('object')) {
    // Deep nesting, prototype keys and a property of the wrong type.
    options.push(
      fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}')),
      fc.constant(JSON.parse(`${'{"a":'.repeat(50)}1${'}'.repeat(50)}`)),
    );
  }
  return fc.oneof(...options);
}

/**
 * A body for the schema: usually a valid object, often one with a property made invalid, a
 * required one missing or unknown ones added; sometimes not an object at all.
 */
export function bodyValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const valid = validValue(schema, known);
  const properties = Object.entries(schema.properties ?? {});
  const variants: fc.WeightedArbitrary<unknown>[] = [
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: invalidValue(schema) },
  ];
  if (properties.length > 0) {
    const mutated = fc
      .tuple(valid, fc.constantFrom(...properties))
      .chain(([body, [key, property]]) =>
        invalidValue(property).map((value) => ({ ...(body as object), [key]: value })),
      );
    const extra = fc
      .tuple(
        valid,
        fc.constantFrom('extra', '__proto__', 'id', 'domainId', 'version', 'approved', 'published'),
      )
      .chain(([body, key]) => anyJson.map((value) => ({ ...(body as object), [key]: value })));
    variants.push({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: extra });
  }
  if (properties.length > 0) {
    const missing = fc
      .tuple(valid, fc.constantFrom(...properties.map(([key]) => key)))
      .map(([body, key]) => Object.fromEntries(Object.entries(body as object).filter(([k]) => k !== key)));
    variants.push({ weight: 1, arbitrary: missing });
  }
  return fc.oneof(...variants);
}

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === null ? 'null' : JSON.stringify(value);

/** A valid query parameter's value on the wire. */
export function validQueryValue(name: string, schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const hint = propertyHints(known)[name];
  const valid = validValue(schema, known);
  return (hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: valid }) : valid).map(text);
}

/** A query parameter's value on the wire: valid, invalid, duplicated or missing. */
export function queryValue(
  name: string,
  schema: JsonSchema,
  known: KnownValues,
): fc.Arbitrary<string | string[] | undefined> {
  const valid = validQueryValue(name, schema, known);
  const invalid = invalidValue(schema).map(text);
  return fc.oneof(
    { weight: 8, arbitrary: valid },
    { weight: 3, arbitrary: invalid },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.array(fc.oneof(valid, invalid), { minLength: 2, maxLength: 3 }) },
  );
}
