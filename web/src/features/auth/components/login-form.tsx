import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';
import { dashboardFor } from '../../../lib/route-access';

/** NextAuth error names the sign-in page may be sent with (`/login?error=`). */
const SIGN_IN_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Invalid username or password',
  SessionRequired: 'Please sign in to see that page',
  MissingCSRF: 'The form expired; please try again',
  Verification: 'That sign-in link is used, expired or replaced by a newer one; ask for a new one',
  EmailSignin: 'The sign-in link could not be sent; please try again',
  TooManyRequests: 'Too many tries; please wait a while and try again',
};

/** Only paths on this site, so a crafted link cannot send the user elsewhere after signing in. */
export function safeCallback(value: string | null): string | undefined {
  return value && /^\/(?!\/)/.test(value) ? value : undefined;
}

/** The sign-in screens of `/login`, chosen by `?mode=`. */
export type LoginMode = 'password' | 'link' | 'forgot';

export function LoginForm({ onMode }: { onMode: (mode: LoginMode) => void }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(SIGN_IN_ERRORS[params.get('error') ?? '']);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Enter your username or email and your password');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await signIn(username.trim(), password);
      const access = useSession.getState().user?.access ?? [];
      navigate(safeCallback(params.get('callbackUrl')) ?? dashboardFor(access), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Log in">
      <TextField
        label="Username or email"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Log in'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-semibold text-indigo-700 underline"
          onClick={() => onMode('link')}
        >
          Email me a sign-in link
        </button>
        <button
          type="button"
          className="font-semibold text-indigo-700 underline"
          onClick={() => onMode('forgot')}
        >
          Forgot password?
        </button>
      </div>
      <p className="text-center text-sm text-slate-600">
        New to PODZ?{' '}
        <Link to={paths.register.href()} className="font-semibold text-indigo-700 underline">
          Create an account
        </Link>
      </p>
    </form>
  );
}
