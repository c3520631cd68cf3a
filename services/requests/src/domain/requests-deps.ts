import type { Logger } from '@podz/kit';
import type { UserDirectory } from '@podz/read-models';
import type { RequestsConfig } from '../config';
import type { RequestRepository } from '../data/request-repository';

/** What the requests use cases are given: the repository, the user directory, the config. */
export interface RequestsDeps {
  config: RequestsConfig;
  logger: Logger;
  requests: RequestRepository;
  users: UserDirectory;
}
