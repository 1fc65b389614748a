import { createHash, randomUUID } from 'node:crypto';
import { parseDocument, DomUtils } from 'htmlparser2';
import type { TestContext, TestDomain } from '../helpers/test-app.js';

export interface ImageRowOptions {
  width: number;
  height: number;
  description?: string;
  public?: boolean;
  mimeType?: 'image/png' | 'image/jpeg';
  /** The content hash; null for an asset registered before variants existed. */
  hash?: string | null;
}

/**
 * An asset row of the domain, inserted straight into the table: the delivery API reads only the
 * row (its key, size, description and hash), never the bytes.
 */
export async function insertImageAsset(ctx: TestContext, domain: TestDomain, options: ImageRowOptions) {
  const id = randomUUID();
  const extension = options.mimeType === 'image/png' ? 'png' : 'jpg';
  const fileKey = `${domain.id}/${randomUUID()}/photo.${extension}`;
  const hash = options.hash === undefined ? createHash('sha256').update(id).digest('hex') : options.hash;
  await ctx.db
    .insertInto('assets')
    .values({
      id,
      domain_id: domain.id,
      file_name: `photo.${extension}`,
      file_key: fileKey,
      mime_type: options.mimeType ?? 'image/jpeg',
      size: 1000,
      width: options.width,
      height: options.height,
      description: options.description ?? 'A photo',
      public: options.public ?? true,
      content_hash: hash,
    })
    .execute();
  return { id, fileKey, hash, url: ctx.app.storage.publicUrl(fileKey) };
}

/** The attributes of every <img> of an HTML fragment, in order. */
export function imgAttributes(html: string) {
  const document = parseDocument(html);
  return DomUtils.getElementsByTagName('img', document.children, true).map((element) => element.attribs);
}

/** The widths a srcset lists, in order. */
export const srcsetWidths = (srcset: string) =>
  srcset === '' ? [] : srcset.split(', ').map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]));
