// Helpers for suites of services that keep these read models; never imported by production code.
export { offerPlans, TEST_PLANS } from './offer-plans';
