import AjvCompiler, { type BuildCompilerFromPool, type RouteDefinition } from '@fastify/ajv-compiler';
import { firstErrorPerField, type Validate } from './first-error-per-field.js';

/** What ajv does with every request part; allErrors stays off (decision 033). */
export const AJV_OPTIONS = {
  allErrors: false,
  // A type list such as ['string', 'number'] is how a query union escapes coercion into its first
  // branch (see BlogPostBody).
  allowUnionTypes: true,
  removeAdditional: true,
  useDefaults: true,
} as const;
const ajvPool = AjvCompiler();

/** What a pool's compiler takes at run time (its published type names the schema alone). */
type RouteValidatorCompiler = (route: RouteDefinition) => Validate;

/**
 * Two ajv instances: one that coerces (params, query strings, headers), one that does not
 * (bodies). Each part stops at the first error of each top-level field (first-error-per-field.ts).
 */
export const validatorsByPart = ((externalSchemas: Parameters<BuildCompilerFromPool>[0]) => {
  const compiler = (coerceTypes: 'array' | false) =>
    ajvPool(externalSchemas, {
      customOptions: { ...AJV_OPTIONS, coerceTypes },
    }) as unknown as RouteValidatorCompiler;
  const [coercing, strict] = [compiler('array'), compiler(false)];
  return (route: RouteDefinition) => {
    const compile = (route.httpPart as string) === 'body' ? strict : coercing;
    return firstErrorPerField(route.schema, (schema) => compile({ ...route, schema }));
  };
}) as unknown as BuildCompilerFromPool;
