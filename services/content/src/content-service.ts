import { BackgroundJobs, ListKeeper, RankedLists, RateLimiter, startService } from '@podz/kit';
import { TOPICS } from '@podz/proto';
import type { ContentConfig } from './config';
import { DocRepository } from './data/doc-repository';
import { docModel } from './data/doc-model';
import { formFamily } from './data/form-lists';
import { FormRepository } from './data/form-repository';
import { formSubmissionModel } from './data/form-model';
import { PageRepository } from './data/page-repository';
import { pageModel } from './data/page-model';
import { PlanRepository } from './data/plan-repository';
import { planModel } from './data/plan-model';
import type { ContentDeps } from './domain/content-deps';
import { seedDefaultDocs } from './domain/seed-default-docs';
import { seedDefaultPlans } from './domain/seed-default-plans';
import { docRoutes } from './http/doc-routes';
import { formRoutes } from './http/form-routes';
import { pageRoutes } from './http/page-routes';
import { planRoutes } from './http/plan-routes';

/** The content service: page content, contact and advertise forms, pricing plans, documentation. */
export function startContent(config: ContentConfig) {
  return startService({
    name: 'content',
    config,
    topics: [TOPICS.contentPage, TOPICS.contentPricingPlan],
    setup: async ({ db, redis, relay, logger }) => {
      const pages = pageModel(db);
      const forms = formSubmissionModel(db);
      const plans = planModel(db);
      const docs = docModel(db);
      await Promise.all([pages.init(), forms.init(), plans.init(), docs.init()]);
      const formLists = new ListKeeper(
        new RankedLists(redis, `content:${db.name}:lists`),
        formFamily(forms),
        logger,
        new BackgroundJobs(logger),
      );
      const deps: ContentDeps = {
        config,
        logger,
        pages: new PageRepository(pages, relay),
        forms: new FormRepository(forms, formLists),
        plans: new PlanRepository(plans, relay),
        docs: new DocRepository(docs),
        limiter: new RateLimiter(redis, `content:${db.name}:rate`),
      };
      await seedDefaultPlans(deps);
      await seedDefaultDocs(deps);
      formLists.ensureLater();
      return {
        routes: [pageRoutes(deps), formRoutes(deps), planRoutes(deps), docRoutes(deps)],
        aggregates: [pages, plans],
      };
    },
  });
}
