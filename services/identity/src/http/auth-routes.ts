import express, { type Response } from 'express';
import { AppError, handle } from '@podz/kit';
import {
  AUTH_BASE_PATH as BASE,
  AUTH_ERRORS,
  CREDENTIALS_PROVIDER,
  CSRF_COOKIE,
  EMAIL_PROVIDER,
  SESSION_COOKIE,
  credentialsCallbackBodySchema,
  emailCallbackQuerySchema,
  emailSignInBodySchema,
  signInPageQuerySchema,
  signOutBodySchema,
  updateSessionBodySchema,
} from '@podz/proto';
import type { IdentityDeps } from '../domain/identity-deps';
import { currentSession, sessionUser } from '../domain/current-session';
import { issueSession } from '../domain/issue-session';
import { signOut } from '../domain/sign-out';
import { sendSignInLink, signInWithLink } from '../domain/sign-in-links';
import { signIn } from '../domain/sign-in';
import { AuthUrls } from './auth-urls';
import { accountMailRoutes } from './account-mail-routes';
import { clientLogRoute } from './client-log-route';
import { CsrfTokens } from './csrf';
import { registerRoute } from './register-route';
import { SessionCookies } from './session-cookies';

/**
 * The session calls in NextAuth.js v4's REST shapes (spec §7), so NextAuth's own browser client
 * works against PODZ unchanged. Answers that redirect honour `json=true` the way NextAuth does:
 * `{ url }` instead of a 302.
 */
export function authRoutes(deps: IdentityDeps): express.Router {
  const router = express.Router();
  const cookies = new SessionCookies(deps.config);
  const csrf = new CsrfTokens(deps.config.JWT_PRIVATE_KEY);
  const urls = new AuthUrls(deps.config.PUBLIC_ORIGIN);
  const form = express.urlencoded({ extended: false, limit: deps.config.BODY_LIMIT, parameterLimit: 20 });

  const redirect = (res: Response, json: string | undefined, url: string, status = 200) => {
    if (json === 'true') res.status(status).json({ url });
    else res.redirect(302, url);
  };
  /** A failed form call: NextAuth's client reads `url`, PODZ's client reads `error`. */
  const refuse = (
    res: Response,
    err: AppError,
    nextAuthError: string,
    json: string | undefined,
    provider: string = CREDENTIALS_PROVIDER.id,
  ) => {
    if (err.retryAfterSeconds) res.setHeader('retry-after', String(err.retryAfterSeconds));
    const url = urls.error(nextAuthError, { provider });
    if (json === 'true') res.status(err.status).json({ url, error: err.message, code: err.code });
    else res.redirect(302, url);
  };
  const csrfValid = (req: express.Request, token: string | undefined) =>
    csrf.verify(cookies.read(req)[CSRF_COOKIE], token);

  router.get(`${BASE}/csrf`, (req, res) => {
    const { token, cookie } = csrf.fromCookie(cookies.read(req)[CSRF_COOKIE]);
    if (cookie) cookies.setCsrf(res, cookie);
    res.setHeader('cache-control', 'no-store');
    res.json({ csrfToken: token });
  });

  router.get(`${BASE}/providers`, (_req, res) => {
    const described = (provider: { id: string; name: string; type: string }) => ({
      ...provider,
      signinUrl: urls.provider(`signin/${provider.id}`),
      callbackUrl: urls.provider(`callback/${provider.id}`),
    });
    res.json({ credentials: described(CREDENTIALS_PROVIDER), email: described(EMAIL_PROVIDER) });
  });

  router.post(
    `${BASE}/callback/credentials`,
    form,
    handle({ body: credentialsCallbackBodySchema }, async ({ body }, req, res) => {
      if (!csrfValid(req, body.csrfToken)) {
        refuse(
          res,
          new AppError('FORBIDDEN', 'The form expired; reload the page and try again'),
          AUTH_ERRORS.csrf,
          body.json,
        );
        return;
      }
      try {
        const user = await signIn(deps, body.username ?? body.email ?? '', body.password ?? '');
        const issued = await issueSession(deps, user);
        cookies.setSession(res, issued.token, issued.expires);
        redirect(res, body.json, urls.callback(req, body.callbackUrl));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refuse(
          res,
          err,
          err.code === 'RATE_LIMITED' ? AUTH_ERRORS.tooMany : AUTH_ERRORS.credentials,
          body.json,
        );
      }
    }),
  );

  // NextAuth's email provider: the answer is the same whether or not the address has an account.
  router.post(
    `${BASE}/signin/email`,
    form,
    handle({ body: emailSignInBodySchema }, async ({ body }, req, res) => {
      if (!csrfValid(req, body.csrfToken)) {
        const expired = new AppError('FORBIDDEN', 'The form expired; reload the page and try again');
        refuse(res, expired, AUTH_ERRORS.csrf, body.json, EMAIL_PROVIDER.id);
        return;
      }
      try {
        await sendSignInLink(deps, body.email, urls.callback(req, body.callbackUrl));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refuse(
          res,
          err,
          err.code === 'RATE_LIMITED' ? AUTH_ERRORS.tooMany : AUTH_ERRORS.emailSignin,
          body.json,
          EMAIL_PROVIDER.id,
        );
        return;
      }
      redirect(res, body.json, urls.provider(`verify-request?provider=${EMAIL_PROVIDER.id}&type=email`));
    }),
  );

  router.get(
    `${BASE}/callback/email`,
    handle({ query: emailCallbackQuerySchema }, async ({ query }, req, res) => {
      try {
        const user = await signInWithLink(deps, query.token, query.email);
        const issued = await issueSession(deps, user);
        cookies.setSession(res, issued.token, issued.expires);
        res.redirect(302, urls.callback(req, query.callbackUrl));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        res.redirect(302, urls.error(AUTH_ERRORS.verification, { provider: EMAIL_PROVIDER.id }));
      }
    }),
  );

  // NextAuth's "check your email" page is PODZ's /login, told the link is on its way.
  router.get(`${BASE}/verify-request`, (_req, res) => res.redirect(302, '/login?sent=email'));

  router.get(
    `${BASE}/session`,
    handle({}, async ({ user }, req, res) => {
      res.setHeader('cache-control', 'no-store');
      const current = await currentSession(deps, user);
      if (!current && cookies.read(req)[SESSION_COOKIE] !== undefined) cookies.clearSession(res);
      if (current?.refreshed) cookies.setSession(res, current.refreshed.token, current.refreshed.expires);
      return current?.session ?? {};
    }),
  );

  router.post(
    `${BASE}/session`,
    form,
    handle({ body: updateSessionBodySchema }, async ({ body, user }, req, res) => {
      res.setHeader('cache-control', 'no-store');
      if (!csrfValid(req, body.csrfToken)) throw new AppError('FORBIDDEN', 'Invalid CSRF token');
      const account = await sessionUser(deps, user);
      if (!account) return {};
      const issued = await issueSession(deps, account);
      cookies.setSession(res, issued.token, issued.expires);
      return issued.session;
    }),
  );

  router.post(
    `${BASE}/signout`,
    form,
    handle({ body: signOutBodySchema }, async ({ body, user }, req, res) => {
      if (!csrfValid(req, body.csrfToken)) {
        refuse(res, new AppError('FORBIDDEN', 'Invalid CSRF token'), AUTH_ERRORS.csrf, body.json);
        return;
      }
      await signOut(deps, user);
      cookies.clearSession(res);
      redirect(res, body.json, urls.callback(req, body.callbackUrl));
    }),
  );

  // NextAuth's sign-in page is PODZ's /login: errors and the callback URL go along.
  const toLogin = handle({ query: signInPageQuerySchema }, ({ query }, req, res) => {
    const params = new URLSearchParams();
    if (query.error) params.set('error', query.error);
    if (query.callbackUrl) params.set('callbackUrl', urls.relativeCallback(req, query.callbackUrl));
    const search = params.toString();
    res.redirect(302, `/login${search ? `?${search}` : ''}`);
  });
  router.get(`${BASE}/signin`, toLogin);
  router.get(`${BASE}/error`, toLogin);

  router.use(clientLogRoute(deps));
  router.use(registerRoute(deps));
  router.use(accountMailRoutes(deps));
  return router;
}
