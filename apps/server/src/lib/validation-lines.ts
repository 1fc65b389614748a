import { REQUIRED_MESSAGE } from '@masthead/contract';

/** The subset of an ajv error that Fastify hands to the error handler. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

function fieldPath(error: SchemaError): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'required') {
    const missing = String(error.params.missingProperty);
    return path ? `${path}.${missing}` : missing;
  }
  return path;
}

function describe(error: SchemaError): string {
  const p = error.params;
  switch (error.keyword) {
    case 'required':
      return REQUIRED_MESSAGE;
    case 'minLength':
      return p.limit === 1 ? REQUIRED_MESSAGE : `must be at least ${String(p.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters`;
    case 'minimum':
      return `must be ${String(p.limit)} or more`;
    case 'maximum':
      return `must be ${String(p.limit)} or less`;
    case 'maxItems':
      return `must have at most ${String(p.limit)} entries`;
    case 'type':
      return `must be of type ${String(p.type)}`;
    case 'format':
      return p.format === 'uuid' ? 'must be a valid id (uuid)' : `must be a valid ${String(p.format)}`;
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'anyOf':
      return 'has an invalid value';
    case 'pattern':
      return 'has an invalid format';
    default:
      return error.message ?? 'is not valid';
  }
}

/** Whether the path, or a path above it, is in the set: one lookup per level of the path. */
function atOrBelow(paths: Set<string>, instancePath: string): boolean {
  for (let path = instancePath; path !== ''; path = path.slice(0, path.lastIndexOf('/'))) {
    if (paths.has(path)) return true;
  }
  return paths.has('');
}

/**
 * Turns schema errors into one line per field ("title: This field is required"). A failed union
 * reports once, on its own path, instead of once for every branch it tried. The work is linear in
 * the number of errors (issue 19: comparing every error with every union took minutes).
 */
export function validationLines(errors: SchemaError[]): string[] {
  const unionPaths = new Set(errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath));
  const lines = errors
    .filter((e) => e.keyword === 'anyOf' || !atOrBelow(unionPaths, e.instancePath))
    .filter((e) => e.keyword !== 'const')
    .map((e) => {
      const path = fieldPath(e);
      return path ? `${path}: ${describe(e)}` : describe(e);
    });
  return [...new Set(lines)];
}
