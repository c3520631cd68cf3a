/** The services behind the gateway (ARCHITECTURE §1). */
export const SERVICE_NAMES = [
  'identity',
  'catalog',
  'requests',
  'messaging',
  'content',
  'analytics',
  'billing',
  'notifications',
  'search',
  'media',
  'ads',
  'listening',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
