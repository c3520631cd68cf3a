import type { Server } from 'node:http';
import { Socket } from 'node:net';

/**
 * The messages between a gateway and the local entry that started it (scripts/lib/tcp-balancer.ts),
 * over the IPC channel Node opens for a child started with one.
 */
export const HANDOFF = {
  /** Entry → gateway, with the client's socket: serve this connection as if it had been accepted here. */
  connection: 'podz:connection',
  /** Gateway → entry: listening, and taking connections handed over. */
  accepting: 'podz:accepting',
  /** Gateway → entry: stopping; hand it nothing more. */
  closing: 'podz:closing',
} as const;

/**
 * Connections handed over by the local entry in front of several gateways (`npm start -- --instances
 * 2`, the benches, the soak). Piping every byte through the entry's process cost as much CPU as the
 * bench's client spent reading the answers (0.28–0.34 ms per 256 kB audio answer, on the same two
 * cores); a socket handed over is the kernel's connection, read and written here alone, as behind a
 * load balancer in the kernel or the network. Without an IPC channel (a deployment) this does
 * nothing. The channel does not keep the process alive.
 */
export function acceptHandedConnections(server: Server): { closing(): void } {
  if (!process.send) return { closing: () => undefined };
  process.on('message', (message: unknown, handle: unknown) => {
    // Even while stopping: a connection handed just before the entry heard so is still served or
    // closed with the others, never dropped unanswered.
    if (!(message === HANDOFF.connection && handle instanceof Socket)) return;
    // What Node's HTTP server does to a connection it accepts itself (its noDelay option), which
    // a connection accepted by another process never had: without it a WebSocket's small frames
    // wait on Nagle's algorithm for the client's delayed acknowledgement.
    handle.setNoDelay(true);
    server.emit('connection', handle);
  });
  process.channel?.unref();
  const tell = (message: string) => {
    if (process.connected) process.send?.(message);
  };
  tell(HANDOFF.accepting);
  return { closing: () => tell(HANDOFF.closing) };
}
