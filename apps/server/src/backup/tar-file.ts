import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/**
 * A plain ustar archive, written and read one entry at a time so that object files never sit in
 * memory all at once. A backup is then a file that `tar tf` can list and `tar xf` can unpack.
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

export class TarWriter {
  private readonly fd: number;
  constructor(file: string) {
    this.fd = openSync(file, 'wx');
  }

  add(name: string, content: Uint8Array, mtime = new Date()) {
    writeSync(this.fd, header(name, content.length, mtime));
    writeSync(this.fd, content);
    const padding = (BLOCK - (content.length % BLOCK)) % BLOCK;
    if (padding) writeSync(this.fd, Buffer.alloc(padding));
  }

  close() {
    writeSync(this.fd, Buffer.alloc(BLOCK * 2));
    closeSync(this.fd);
  }

  abort() {
    closeSync(this.fd);
  }
}

export interface TarEntry {
  name: string;
  size: number;
  read: () => Buffer;
}

/** The regular files of an archive, in order; each entry's bytes are read only when asked for. */
export function* readTar(file: string): Generator<TarEntry> {
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.alloc(BLOCK);
    for (let position = 0; ;) {
      if (readSync(fd, block, 0, BLOCK, position) < BLOCK) throw new Error('The archive ends too early');
      if (block.every((byte) => byte === 0)) return;
      const text = (offset: number, length: number) =>
        block.toString('utf8', offset, offset + length).replace(/\0.*$/s, '');
      const name = text(0, 100);
      const prefix = text(345, 155);
      const size = parseInt(text(124, 12).trim() || '0', 8);
      const type = text(156, 1);
      const start = position + BLOCK;
      if (type === '0' || type === '') {
        yield {
          name: prefix ? `${prefix}/${name}` : name,
          size,
          read: () => {
            const content = Buffer.alloc(size);
            if (size > 0 && readSync(fd, content, 0, size, start) < size)
              throw new Error('The archive ends too early');
            return content;
          },
        };
      }
      position = start + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    closeSync(fd);
  }
}
