import type { SchemaError } from './validation-lines.js';

/** An ajv validate function, as far as Fastify uses it. */
export type Validate = ((data: unknown) => boolean) & { errors?: SchemaError[] | null };

interface ObjectSchema {
  properties: Record<string, unknown>;
  required?: string[];
}

function isObjectSchema(schema: unknown): schema is ObjectSchema {
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return typeof properties === 'object' && properties !== null;
}

const isRecord = (data: unknown): data is Record<string, unknown> =>
  typeof data === 'object' && data !== null && !Array.isArray(data);

/**
 * ajv runs without allErrors, so it stops at a request's first error: with allErrors it checked,
 * and reported, every item of a 100,000-item array although `maxItems` was 100 (issue 19,
 * decision 033). So that a 400 still names each wrong field (DESIGN §3), a refused object is
 * checked again one top-level property at a time, each check stopping at that property's first
 * error: at most one more pass over the data, and at most a few errors per property.
 */
export function firstErrorPerField(schema: unknown, compile: (schema: object) => Validate): Validate {
  const whole = compile(schema as object);
  if (!isObjectSchema(schema) || Object.keys(schema.properties).length < 2) return whole;
  const { properties, required = [] } = schema;
  const compileOne = (name: string): Validate | null => {
    try {
      const only = { [name]: properties[name] };
      return compile({ type: 'object', properties: only, required: required.includes(name) ? [name] : [] });
    } catch {
      return null; // never a 500 for this: the whole's own error still names a field
    }
  };
  // Compiled when the route first refuses a request: at start, they would be 85 more compiles
  // (19 route parts) in every app's start (the tests build hundreds).
  let checks: Array<Validate | null> | undefined;
  const validate: Validate = (data) => {
    if (whole(data)) {
      validate.errors = null;
      return true;
    }
    checks ??= Object.keys(properties).map(compileOne);
    const perField = isRecord(data)
      ? checks.flatMap((check) => (!check || check(data) ? [] : (check.errors ?? [])))
      : [];
    // The whole's own error stays: it may come from a keyword the properties do not cover
    // (patternProperties); validationLines drops the duplicate lines.
    validate.errors = [...perField, ...(whole.errors ?? [])];
    return false;
  };
  return validate;
}
