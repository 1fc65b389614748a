import { badRequest } from '../../../lib/app-error.js';

/**
 * How deep a list may be paged: a page may start at this many entries at most. An offset is read
 * entry by entry, so a deeper page costs what it skips; a reader that wants everything follows the
 * changes cursor instead (issue 29).
 */
export const MAX_DELIVERY_OFFSET = 10_000;

/** The meta of a page counted from 1. */
export function pageMeta(page: number, limit: number, total: number) {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** The offset of a page counted from 1; 400 naming `page` past MAX_DELIVERY_OFFSET. */
export function pageOffset(page: number, limit: number) {
  const offset = (page - 1) * limit;
  if (offset > MAX_DELIVERY_OFFSET) {
    throw badRequest([
      `page: at most ${Math.floor(MAX_DELIVERY_OFFSET / limit) + 1} with limit=${limit} (a page skips ${MAX_DELIVERY_OFFSET.toLocaleString('en')} entries at most); to read everything, follow /api/v1/changes`,
    ]);
  }
  return offset;
}
