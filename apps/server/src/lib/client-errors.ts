import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './app-error.js';

/** Node's limit on a request line and its headers (its default --max-http-header-size). */
const MAX_HEADER_KB = 16;

function problemOf(error: NodeJS.ErrnoException): [number, string] {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request did not arrive whole in time'];
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    return [431, `The address and headers are over ${MAX_HEADER_KB} KB`];
  }
  return [400, 'The request is not valid HTTP'];
}

/**
 * Requests that Node refuses before Fastify sees them (an address and headers over 16 KB, such as
 * a query that repeats a parameter thousands of times; malformed HTTP; a request not whole within
 * requestTimeout) get the error body too, instead of Fastify's { error, message, statusCode }.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, line] = problemOf(error);
  const body = JSON.stringify(errorBody(status, [line], `${line}.`));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
