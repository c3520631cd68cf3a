import express from 'express';
import { handle, handleSignedIn, requireAuth } from '@podz/kit';
import {
  adminCreateUserBodySchema,
  adminEditUserBodySchema,
  changePlanBodySchema,
  countUsersQuerySchema,
  deleteUserBodySchema,
  idParamsSchema,
  listUsersQuerySchema,
  setAccessBodySchema,
  updateUserBodySchema,
  usernameParamsSchema,
} from '@podz/proto';
import { adminCreateUser, adminEditUser } from '../domain/admin-users';
import { changePlan } from '../domain/change-plan';
import { deleteUser } from '../domain/delete-user';
import type { IdentityDeps } from '../domain/identity-deps';
import { countUsers, listUsers } from '../domain/list-users';
import { currentUser, getUser, userByName } from '../domain/read-user';
import { signOutEverywhere } from '../domain/sign-out';
import { setAccess } from '../domain/set-access';
import { updateProfile } from '../domain/update-profile';
import { SessionCookies } from './session-cookies';

/** The users API (spec §7 Users). The gateway applies the same policies first; these are the service's own. */
export function usersRoutes(deps: IdentityDeps): express.Router {
  const router = express.Router();
  const cookies = new SessionCookies(deps.config);

  router.get(
    '/api/user',
    requireAuth,
    handleSignedIn({}, ({ user }) => currentUser(deps, user)),
  );
  router.delete(
    '/api/user/sessions',
    requireAuth,
    handleSignedIn({}, async ({ user }, _req, res) => {
      await signOutEverywhere(deps, user);
      cookies.clearSession(res);
    }),
  );

  router.get(
    '/api/users',
    handle({ query: listUsersQuerySchema }, ({ query, user }) => listUsers(deps, user, query)),
  );
  router.get(
    '/api/users/user-count',
    handle({ query: countUsersQuerySchema }, ({ query, user }) => countUsers(deps, user, query.userType)),
  );
  router.post(
    '/api/users/admin-added-user',
    handle({ body: adminCreateUserBodySchema }, async ({ body }, _req, res) => {
      res.status(201);
      return adminCreateUser(deps, body);
    }),
  );
  router.put(
    '/api/users/admin-added-user',
    handle({ body: adminEditUserBodySchema }, ({ body }) => adminEditUser(deps, body)),
  );

  router.get(
    '/api/users/name/:username',
    handle({ params: usernameParamsSchema }, ({ params, user }) => userByName(deps, user, params.username)),
  );
  router.get(
    '/api/users/:id',
    handle({ params: idParamsSchema }, ({ params, user }) => getUser(deps, user, params.id)),
  );
  router.patch(
    '/api/users/:id',
    requireAuth,
    handleSignedIn(
      { params: idParamsSchema, body: updateUserBodySchema },
      async ({ params, body, user }, _req, res) => {
        const { user: updated, renewed } = await updateProfile(deps, user, params.id, body);
        // A new password revoked every session, this one included: hand the caller a fresh one.
        if (renewed) cookies.setSession(res, renewed.token, renewed.expires);
        return updated;
      },
    ),
  );
  router.patch(
    '/api/users/:id/plan',
    requireAuth,
    handleSignedIn({ params: idParamsSchema, body: changePlanBodySchema }, ({ params, body, user }) =>
      changePlan(deps, user, params.id, body.plan),
    ),
  );
  router.put(
    '/api/users/:id',
    handle({ params: idParamsSchema, body: setAccessBodySchema }, ({ params, body }) =>
      setAccess(deps, params.id, body.role, body.access),
    ),
  );
  router.delete(
    '/api/users/:id',
    requireAuth,
    handleSignedIn(
      { params: idParamsSchema, body: deleteUserBodySchema },
      async ({ params, body, user }, _req, res) => {
        await deleteUser(deps, user, params.id, body.password);
        if (user.id === params.id) cookies.clearSession(res);
      },
    ),
  );
  return router;
}
