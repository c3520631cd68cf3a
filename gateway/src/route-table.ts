import type { ServiceName } from '@podz/proto';

/** One public path prefix and the service behind it. */
export interface ProxyRoute {
  prefix: string;
  service: ServiceName;
  /** Upgrades to WebSocket are passed through (Socket.IO). */
  websocket?: boolean;
}

/**
 * Everything the gateway lets through. A path that matches no entry never reaches a service: the
 * gateway answers 404 itself. Later issues refine each entry with methods and access policies.
 */
export const ROUTE_TABLE: readonly ProxyRoute[] = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/users', service: 'identity' },
  { prefix: '/api/podcasts', service: 'catalog' },
  { prefix: '/api/episodes', service: 'catalog' },
  { prefix: '/api/requests', service: 'requests' },
  { prefix: '/api/conversations', service: 'messaging' },
  { prefix: '/socket.io', service: 'messaging', websocket: true },
];

/** The route whose prefix is the path or a whole-segment ancestor of it (`/api/user` ≠ `/api/users`). */
export function findRoute(path: string, table: readonly ProxyRoute[] = ROUTE_TABLE): ProxyRoute | undefined {
  return table.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`));
}
