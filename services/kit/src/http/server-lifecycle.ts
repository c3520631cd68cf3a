import { STATUS_CODES, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ApiError, type ErrorCode } from '@podz/proto';

/**
 * Requests Node's parser refuses before any handler sees them (headers over its 16 KB limit, a
 * malformed request line) are answered in the API error shape, not with Node's bare status line.
 */
export function answerUnparsableRequests(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A client gone, or one too slow to send its headers: nobody is left to read an answer.
    if (err.code === 'ECONNRESET' || err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const code: ErrorCode = tooLarge ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED';
    const body: ApiError = {
      error: tooLarge
        ? 'The request line and headers are too large'
        : 'The request could not be parsed as HTTP',
      code,
    };
    const payload = JSON.stringify(body);
    const status = ERROR_CODES[code];
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(payload)}\r\nconnection: close\r\n\r\n${payload}`,
    );
  });
}

/** Listens and resolves with the port actually bound (tests pass 0 to get a free one). */
export async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops accepting, lets in-flight requests finish, and cuts what is still open after the timeout. */
export async function closeServer(server: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  await closed;
  clearTimeout(timer);
}
