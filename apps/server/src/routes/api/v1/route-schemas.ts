import { ErrorBody } from '@masthead/contract';

/** The OpenAPI tag of every /api/v1 route. */
export const DELIVERY_TAG = 'delivery (content key)';

export const deliverySecurity: Record<string, string[]>[] = [
  { contentKeyBearer: [] },
  { contentKeyQuery: [] },
];

/** The error responses of a delivery route: every one has the DESIGN §3 body. */
export function deliveryErrors(...codes: number[]) {
  return Object.fromEntries([401, 429, ...codes].map((code) => [code, ErrorBody]));
}
