import os from 'node:os';
import { countImageAssets, listImageAssets } from '../db/repositories/assets.repository.js';
import { createStorage } from '../storage/create-storage.js';
import { ensureContentHash, ImageVariants, imageSettingsOf } from '../services/image-variants.service.js';
import { parseHostName } from './arguments.js';
import type { Command, CommandGroup } from './command.js';
import { counted, requireKnownDomain } from './known-domain.js';

const PAGE = 100;

const rebuildCommand: Command = {
  name: 'images rebuild',
  synopsis: '[--domain <domain>]',
  summary: 'make the missing image variants (assets uploaded before them)',
  description: [
    'Fills in the content hash of image assets registered before variants existed, and makes every',
    'variant (IMAGE_WIDTHS × AVIF, WebP and the original format) not in storage yet, one asset at a',
    'time, with the same limits as the server. Variants already made are left as they are. With',
    'IMAGES=off it fills in the hashes only. It can run while the server does.',
  ].join('\n'),
  positionals: [],
  options: {
    domain: { type: 'string', valueName: 'domain', description: "this domain's assets only" },
  },
  prepare({ values }, { env }) {
    const host =
      typeof values.domain === 'string' ? parseHostName(values.domain, 'images rebuild') : undefined;
    return async ({ db, out }) => {
      const domainId = host ? (await requireKnownDomain(db, host)).id : undefined;
      const storage = await createStorage(env);
      try {
        const images = new ImageVariants(storage, imageSettingsOf(env, os.availableParallelism()));
        const enabled = images.settings.enabled;
        if (!enabled) out.note('IMAGES=off: only the content hashes are filled in; no variant is made.');
        const total = await countImageAssets(db, domainId);
        let seen = 0;
        let hashed = 0;
        let made = 0;
        const failed: string[] = [];
        let afterId: string | undefined;
        for (;;) {
          const rows = await listImageAssets(db, { domainId, afterId, limit: PAGE });
          if (rows.length === 0) break;
          for (const row of rows) {
            try {
              const current = await ensureContentHash(db, storage, row);
              if (!row.content_hash) hashed++;
              if (enabled) made += await images.makeSet(db, current);
            } catch (error) {
              failed.push(row.id);
              out.note(
                `asset ${row.id} (${row.file_key}): ${error instanceof Error ? error.message : String(error)}`,
              );
            }
            seen++;
            if (seen % 10 === 0 || seen === total) out.note(`${seen}/${total} assets…`);
          }
          afterId = rows.at(-1)!.id;
        }
        out.line(
          `Rebuilt ${counted(seen, 'image asset')}: filled in ${counted(hashed, 'content hash', 'content hashes')}, made ${counted(made, 'variant')}${failed.length > 0 ? `; ${failed.length} failed` : ''}.`,
        );
        if (failed.length > 0)
          throw new Error(`${counted(failed.length, 'asset')} could not be rebuilt (see above)`);
      } finally {
        await storage.close();
      }
    };
  },
};

export const imagesCommands: CommandGroup = {
  name: 'images',
  summary: 'manage the image variants the websites are served',
  commands: [rebuildCommand],
};
