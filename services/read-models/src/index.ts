// Read models that several services keep from another service's events, so none of them calls the
// owner on a request: who users are (identity.user.v1) and which plans exist (content's plans).
export { UserDirectory } from './user-directory';
export { PlanBook, type KnownPlan } from './plan-book';
