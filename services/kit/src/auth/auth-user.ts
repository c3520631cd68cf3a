import type { Access } from '@podz/proto';

/** The signed-in caller, as carried by the session JWT. */
export interface AuthUser {
  id: string;
  username: string;
  role: string;
  access: Access[];
  /** Session version: the gateway compares it with Redis to honour revocations. */
  sessionVersion: number;
  /** The token's `jti`, so one session can be revoked on sign-out. Set when read from a token. */
  tokenId?: string;
  /** When the token stops being valid. Set when read from a token. */
  expiresAt?: Date;
}

/** Whether the caller holds admin access: the exception most ownership rules make. */
export const isAdmin = (user: AuthUser | undefined): boolean => Boolean(user?.access.includes('admin'));

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}
