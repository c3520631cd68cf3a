import type { Access } from '@podz/proto';

/** The signed-in caller, as carried by the session JWT. */
export interface AuthUser {
  id: string;
  username: string;
  role: string;
  access: Access[];
  /** Session version: the gateway compares it with Redis to honour revocations. */
  sessionVersion: number;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}
