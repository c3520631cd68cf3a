import express from 'express';
import { AppError, handle, handleSignedIn, requireAuth } from '@podz/kit';
import {
  AUTH_BASE_PATH as BASE,
  passwordForgotBodySchema,
  passwordResetBodySchema,
  verifyEmailQuerySchema,
  type MailSent,
} from '@podz/proto';
import { resendVerification } from '../domain/send-verification';
import { resetPassword, sendPasswordReset } from '../domain/password-reset';
import { verifyEmail } from '../domain/verify-email';
import type { IdentityDeps } from '../domain/identity-deps';

const jsonOnly: express.RequestHandler = (req, _res, next) =>
  next(req.is('application/json') ? undefined : new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON'));

/**
 * Password reset and address verification, beside the NextAuth calls. JSON only, which a
 * cross-site form cannot send without a CORS preflight. The asks answer 202 with the same words
 * for every address.
 */
export function accountMailRoutes(deps: IdentityDeps): express.Router {
  const router = express.Router();

  router.post(
    `${BASE}/password/forgot`,
    jsonOnly,
    handle({ body: passwordForgotBodySchema }, async ({ body }, _req, res): Promise<MailSent> => {
      await sendPasswordReset(deps, body.email);
      res.status(202);
      return { message: 'If an account uses this address, a link to reset its password is on its way.' };
    }),
  );

  router.post(
    `${BASE}/password/reset`,
    jsonOnly,
    handle({ body: passwordResetBodySchema }, ({ body }) => resetPassword(deps, body)),
  );

  // The link in the mail: it lands on a page that says how it went.
  router.get(
    `${BASE}/verify-email`,
    handle({ query: verifyEmailQuerySchema }, async ({ query }, _req, res) => {
      const verified = await verifyEmail(deps, query.token, query.email);
      res.redirect(302, `/verify-email?result=${verified ? 'verified' : 'invalid'}`);
    }),
  );

  router.post(
    `${BASE}/verify-email`,
    requireAuth,
    handleSignedIn({}, async ({ user }, _req, res): Promise<MailSent> => {
      await resendVerification(deps, user);
      res.status(202);
      return { message: 'A new confirmation link is on its way to your address.' };
    }),
  );

  return router;
}
