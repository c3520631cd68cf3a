import express from 'express';
import { AppError, handle } from '@podz/kit';
import { AUTH_BASE_PATH, registerBodySchema } from '@podz/proto';
import type { IdentityDeps } from '../domain/identity-deps';
import { registerUser } from '../domain/register-user';

/**
 * `POST /api/auth/register`, behind the /register page: JSON `{ username, email, password }` →
 * 201 with the new account. It does not sign in; the page calls sign-in next. JSON only, which a
 * cross-site form cannot send without a CORS preflight.
 */
export function registerRoute(deps: IdentityDeps): express.Router {
  const router = express.Router();
  router.post(
    `${AUTH_BASE_PATH}/register`,
    (req, _res, next) => {
      next(req.is('application/json') ? undefined : new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON'));
    },
    handle({ body: registerBodySchema }, async ({ body }, _req, res) => {
      res.status(201);
      return registerUser(deps, body);
    }),
  );
  return router;
}
