import type { AuthUser, Logger, UserDirectory } from '@podz/kit';
import type { RequestsConfig } from '../config';
import type { RequestRepository } from '../data/request-repository';

export interface RequestsDeps {
  config: RequestsConfig;
  logger: Logger;
  requests: RequestRepository;
  users: UserDirectory;
}

export const isAdmin = (user: AuthUser | undefined) => Boolean(user?.access.includes('admin'));
