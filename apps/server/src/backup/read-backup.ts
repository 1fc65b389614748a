import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { extract as extractTar, type Header } from 'tar-stream';

export class NotABackupError extends Error {}

export interface BackupEntry {
  name: string;
  type: 'file' | 'directory';
  size: number;
  /** The entry's bytes as a stream; each entry (a directory too) must be read or skipped before the next. */
  stream: Readable;
  /** The whole entry in memory: only for small ones, and version 1's database dump. */
  bytes: () => Promise<Buffer>;
  skip: () => Promise<void>;
}

async function collect(stream: AsyncIterable<Buffer>) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Version 2's archives are gzipped; version 1's were a plain tar. */
async function isGzipped(file: string) {
  // A file that cannot be opened is reported by the read stream, as before.
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    return bytesRead === 2 && buffer[0] === 0x1f && buffer[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/**
 * The files and folders of a backup archive, in order, streamed from disk by tar-stream (which
 * reads the ustar archives that version 1 wrote by hand as well as its own). The first entry must
 * be the manifest, which `checkManifest` accepts or refuses; an archive that fails before it is not
 * a backup at all.
 */
export async function* readBackupEntries(
  file: string,
  manifestName: string,
  checkManifest: (bytes: Buffer) => void,
): AsyncGenerator<BackupEntry> {
  const tar = extractTar();
  const source = createReadStream(file);
  source.once('error', (error) => tar.destroy(error));
  if (await isGzipped(file)) {
    const gunzip = createGunzip();
    gunzip.once('error', (error) => tar.destroy(error));
    source.pipe(gunzip).pipe(tar);
  } else source.pipe(tar);
  let manifestSeen = false;
  try {
    for await (const entry of tar) {
      const header: Header = entry.header;
      const stream = entry as unknown as Readable;
      if (!manifestSeen) {
        if (header.name !== manifestName || header.type !== 'file')
          throw new NotABackupError(`${file} is not a Masthead backup`);
        checkManifest(await collect(stream));
        manifestSeen = true;
      } else if (header.type !== 'file' && header.type !== 'directory') {
        await collect(stream);
      } else {
        yield {
          name: header.name.replace(/\/+$/, ''),
          type: header.type,
          size: header.size,
          stream,
          bytes: () => collect(stream),
          skip: async () => {
            await collect(stream);
          },
        };
      }
    }
  } catch (error) {
    if (manifestSeen || error instanceof NotABackupError) throw error;
    throw new NotABackupError(`${file} is not a Masthead backup`);
  } finally {
    source.destroy();
  }
  if (!manifestSeen) throw new NotABackupError(`${file} is not a Masthead backup`);
}
