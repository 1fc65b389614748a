import { createSocket } from 'node:dgram';
import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

const TYPE_A = 1;
const TYPE_AAAA = 28;

/** The name asked for and where the question ends (labels, then type and class). */
function question(message: Buffer) {
  const labels: string[] = [];
  let offset = 12;
  while (message[offset] !== 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  const type = message.readUInt16BE(offset + 1);
  return { name: labels.join('.').toLowerCase(), type, end: offset + 5 };
}

/**
 * A name server on 127.0.0.1 for tests: A and AAAA records from `records` (NXDOMAIN for other
 * names), or, with `silent`, one that reads every query and never answers.
 */
export async function startDnsServer(
  records: Record<string, string[]> = {},
  options: { silent?: boolean } = {},
) {
  const socket = createSocket('udp4');
  let queries = 0;
  socket.on('message', (message, peer) => {
    queries++;
    if (options.silent) return;
    const { name, type, end } = question(message);
    const known = records[name];
    const answers = (known ?? []).filter((address) => (type === TYPE_A) === isIPv4(address));
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    // A response, recursion desired and available; NXDOMAIN for a name the table lacks.
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const answerRecords = answers.map((address) => {
      const data = Buffer.from(ipaddr.parse(address).toByteArray());
      const record = Buffer.alloc(12);
      record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      record.writeUInt16BE(type === TYPE_AAAA ? TYPE_AAAA : TYPE_A, 2);
      record.writeUInt16BE(1, 4);
      record.writeUInt32BE(60, 6);
      record.writeUInt16BE(data.length, 10);
      return Buffer.concat([record, data]);
    });
    socket.send(
      Buffer.concat([header, message.subarray(12, end), ...answerRecords]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    server: `127.0.0.1:${socket.address().port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
