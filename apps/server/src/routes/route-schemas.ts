import { ErrorBody } from '@masthead/contract';

/** The error responses a route documents in OpenAPI; every one has the DESIGN §3 body. */
export function errorResponses(...codes: number[]) {
  return Object.fromEntries([401, 403, ...codes].map((code) => [code, ErrorBody]));
}

export const security = [{ bearerAuth: [] }];
