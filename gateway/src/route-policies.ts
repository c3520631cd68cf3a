import { API_ROUTES, type RoutePolicy, type ServiceName } from '@podz/proto';

export type { HttpMethod, Policy, RateBucket, RouteMatch, RoutePolicy } from '@podz/proto';
export { expectedOutcome, matchRoute } from '@podz/proto';

/** The route table lives in proto (spec §7 and who may call what), so docs can list it too. */
export const ROUTE_POLICIES: readonly RoutePolicy[] = API_ROUTES;

/** Socket.IO (polling and WebSocket) goes to messaging, which authenticates its own handshake. */
export const SOCKET_IO = { prefix: '/socket.io', service: 'messaging' as ServiceName };
