import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './run';

/**
 * The session signing keys for local runs: taken from JWT_PRIVATE_KEY / JWT_PUBLIC_KEY when set,
 * otherwise generated once into .local/keys (git-ignored, readable by this user only).
 */
export function devKeys(env: NodeJS.ProcessEnv = process.env): { privateKey: string; publicKey: string } {
  if (env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEY)
    return { privateKey: env.JWT_PRIVATE_KEY, publicKey: env.JWT_PUBLIC_KEY };
  const dir = path.join(REPO_ROOT, '.local', 'keys');
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  if (!existsSync(privatePath) || !existsSync(publicPath)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeFileSync(privatePath, pair.privateKey, { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKey, { mode: 0o644 });
  }
  return { privateKey: readFileSync(privatePath, 'utf8'), publicKey: readFileSync(publicPath, 'utf8') };
}
