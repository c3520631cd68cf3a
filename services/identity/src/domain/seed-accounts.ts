import { AppError, isDuplicateKey } from '@podz/kit';
import { ACCESS_VALUES, type Access } from '@podz/proto';
import { createAccount } from './create-account';
import type { IdentityDeps } from './identity-deps';

// Another instance got there first: the unique index, or our own availability check, said so.
const isDuplicate = (err: unknown) =>
  isDuplicateKey(err) || (err instanceof AppError && err.code === 'CONFLICT');

/**
 * First run: with no admin in the store, one is created from ADMIN_EMAIL / ADMIN_PASSWORD. Several
 * instances starting together race harmlessly: the unique index lets one win.
 */
export async function seedAdmin(deps: IdentityDeps): Promise<void> {
  if ((await deps.users.count({ type: 'admin' })) > 0) return;
  const { ADMIN_USERNAME, ADMIN_EMAIL, ADMIN_PASSWORD } = deps.config;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) {
    deps.logger.warn(
      'no admin exists and ADMIN_EMAIL / ADMIN_PASSWORD are not set: nobody can administer PODZ',
    );
    return;
  }
  try {
    await createAccount(deps, {
      username: ADMIN_USERNAME,
      email: ADMIN_EMAIL,
      password: ADMIN_PASSWORD,
      role: 'admin',
      access: ['admin'],
      emailVerified: true,
    });
    deps.logger.info({ username: ADMIN_USERNAME }, 'created the first admin');
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    // Several instances starting together race for it: one wins, and that is the point.
    if ((await deps.users.count({ type: 'admin' })) > 0) return;
    deps.logger.warn({ username: ADMIN_USERNAME }, 'could not create the first admin: the name is in use');
  }
}

/** Staff hold their role alone; everyone else is a user with one more access value. */
function demoAccess(role: Access): Access[] {
  return role === 'admin' || role === 'editor' || role === 'user' ? [role] : ['user', role];
}

export const demoUsername = (role: Access) => `demo-${role}`;

/** Development only: one account per role, so every menu and permission can be tried at once. */
export async function seedDemoAccounts(deps: IdentityDeps, password: string): Promise<void> {
  for (const role of ACCESS_VALUES) {
    const username = demoUsername(role);
    if ((await deps.users.taken(username, undefined)).username) continue;
    try {
      await createAccount(deps, {
        username,
        email: `${username}@podz.local`,
        password,
        role,
        access: demoAccess(role),
        emailVerified: true,
      });
    } catch (err) {
      if (!isDuplicate(err)) throw err;
    }
  }
  deps.logger.info({ accounts: ACCESS_VALUES.map(demoUsername) }, 'demo accounts ready');
}
