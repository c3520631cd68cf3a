// Read models that several services keep from another service's events, so none of them calls the
// owner on a request: who users are (identity.user.v1), which plans exist (content's plans) and
// which plan each member holds (identity's and billing's events).
export { UserDirectory } from './user-directory';
export { PlanBook, type KnownPlan } from './plan-book';
export {
  EntitlementBook,
  hearsPremium,
  onPaidPlan,
  planUnlocks,
  type Entitlement,
  type PremiumListener,
} from './entitlement-book';
