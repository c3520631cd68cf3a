import type { AuthUser, Logger, RateLimiter } from '@podz/kit';
import type { ContentConfig } from '../config';
import type { DocRepository } from '../data/doc-repository';
import type { FormRepository } from '../data/form-repository';
import type { PageRepository } from '../data/page-repository';
import type { PlanRepository } from '../data/plan-repository';

export interface ContentDeps {
  config: ContentConfig;
  logger: Logger;
  pages: PageRepository;
  forms: FormRepository;
  plans: PlanRepository;
  docs: DocRepository;
  limiter: RateLimiter;
}

/** Who saved something, under the name they had then (history is a record, not a live view). */
export const editorOf = (user: AuthUser) => ({ id: user.id, username: user.username });
