import { closeSync, openSync, writeSync } from 'node:fs';

/**
 * Writes a backup exactly as versions before decision 035 did (manifest version 1, PGlite's gzipped
 * dump as `db.tgz`, the archive made by the hand-written ustar writer below, which was removed from
 * src/backup), so that tests can check those backups still restore.
 */

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, 'utf8');
}

function octal(value: number, length: number) {
  return value.toString(8).padStart(length - 1, '0');
}

/** Names over 100 bytes go into the 155-byte prefix, split at a slash. */
function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name };
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { prefix, name: rest };
  }
  throw new Error(`The name is too long for the archive: ${name}`);
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  const split = splitName(name);
  field(block, 0, 100, split.name);
  field(block, 100, 8, octal(0o644, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  field(block, 148, 8, '        ');
  field(block, 156, 1, '0');
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 345, 155, split.prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(block, 148, 8, `${octal(sum, 7)}\0`);
  return block;
}

export function writeVersion1Backup(
  file: string,
  contents: { database: Uint8Array; storageKey: Buffer; objects: Record<string, Buffer> },
) {
  const fd = openSync(file, 'wx');
  const add = (name: string, content: Uint8Array) => {
    writeSync(fd, header(name, content.length, new Date()));
    writeSync(fd, content);
    const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (padding) writeSync(fd, Buffer.alloc(padding));
  };
  try {
    const manifest = {
      format: 'masthead-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      withObjects: true,
    };
    add('masthead-backup.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    add('db.tgz', contents.database);
    add('storage.key', contents.storageKey);
    for (const [name, content] of Object.entries(contents.objects)) add(`objects/${name}`, content);
    writeSync(fd, Buffer.alloc(BLOCK * 2));
  } finally {
    closeSync(fd);
  }
}
