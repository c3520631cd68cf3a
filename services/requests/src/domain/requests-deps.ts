import type { Logger, UserDirectory } from '@podz/kit';
import type { RequestsConfig } from '../config';
import type { RequestRepository } from '../data/request-repository';

export interface RequestsDeps {
  config: RequestsConfig;
  logger: Logger;
  requests: RequestRepository;
  users: UserDirectory;
}
