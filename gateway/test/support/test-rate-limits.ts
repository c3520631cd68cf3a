/**
 * Every suite's gateway counts per IP in the one shared Redis, and every suite calls from
 * 127.0.0.1: with production limits, one suite's registrations would spend another's allowance.
 * Suites that test the limits themselves set their own, with an address of their own.
 */
export const TEST_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  RATE_LIMIT_SIGNIN_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_HOUR: '100000',
  RATE_LIMIT_CLIENT_LOG_PER_MINUTE: '100000',
  RATE_LIMIT_FORMS_PER_HOUR: '100000',
  RATE_LIMIT_AUTH_MAIL_PER_HOUR: '100000',
};
