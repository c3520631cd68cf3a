import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { LoginForm, safeCallback, type LoginMode } from '../../features/auth/components/login-form';
import { MailAskForm } from '../../features/auth/components/mail-ask-form';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useSession } from '../../stores/session-store';
import { useEffect } from 'react';
import { requestPasswordReset, sendSignInLink } from '../../lib/auth-client';
import { RegisterForm } from '../../features/auth/components/register-form';

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">{title}</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

/** What `/login?sent=` tells: a mail is on its way (the same words whether or not it was sent). */
const SENT_NOTICES: Record<string, string> = {
  email:
    'Check your email: if an account uses that address, a sign-in link is on its way. It works once, within 10 minutes.',
  reset:
    'Check your email: if an account uses that address, a link to set a new password is on its way. It works once, within 30 minutes.',
  password: 'Your password was changed, and every other session signed out. Log in with the new one.',
};

const TITLES: Record<LoginMode, string> = {
  password: 'Log in to PODZ',
  link: 'Sign in with an email link',
  forgot: 'Reset your password',
};

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="mb-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {children}
    </p>
  );
}

/**
 * `/login`: the password form, or (`?mode=link`) NextAuth's email provider, or (`?mode=forgot`)
 * the password reset ask. NextAuth's "check your email" page lands here as `?sent=email`.
 */
export function LoginRoute() {
  const [params, setParams] = useSearchParams();
  const mode: LoginMode =
    params.get('mode') === 'link' || params.get('mode') === 'forgot'
      ? (params.get('mode') as LoginMode)
      : 'password';
  const notice = SENT_NOTICES[params.get('sent') ?? ''];
  const show = (next: LoginMode, sent?: string) =>
    setParams((current) => {
      const kept = new URLSearchParams();
      const callbackUrl = current.get('callbackUrl');
      if (callbackUrl) kept.set('callbackUrl', callbackUrl);
      if (next !== 'password') kept.set('mode', next);
      if (sent) kept.set('sent', sent);
      return kept;
    });
  // After the link, a signed-in visitor on /login is sent to their own landing (route rules).
  const linkCallback = safeCallback(params.get('callbackUrl')) ?? paths.login.href();

  return (
    <AuthCard title={TITLES[mode]}>
      {notice && <Notice>{notice}</Notice>}
      {mode === 'password' && <LoginForm onMode={show} />}
      {mode === 'link' && (
        <MailAskForm
          label="Email me a sign-in link"
          action="Email me a sign-in link"
          busyAction="Sending…"
          send={(email) => sendSignInLink(email, linkCallback)}
          onSent={() => show('link', 'email')}
        />
      )}
      {mode === 'forgot' && (
        <MailAskForm
          label="Forgot password"
          action="Email me a reset link"
          busyAction="Sending…"
          send={requestPasswordReset}
          onSent={() => show('forgot', 'reset')}
        />
      )}
      {mode !== 'password' && (
        <p className="mt-4 text-center text-sm">
          <button
            type="button"
            className="font-semibold text-indigo-700 underline"
            onClick={() => show('password')}
          >
            Log in with your password
          </button>
        </p>
      )}
    </AuthCard>
  );
}

export const RegisterRoute = () => (
  <AuthCard title="Create your account">
    <RegisterForm />
  </AuthCard>
);

/** `/reset-password?token&email`: where the reset mail's link lands. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return (
    <AuthCard title="Set a new password">
      {token && email ? (
        <ResetPasswordForm token={token} email={email} />
      ) : (
        <p className="text-sm text-slate-700">
          This page opens from the link in a password reset mail.{' '}
          <Link to={`${paths.login.href()}?mode=forgot`} className="font-semibold text-indigo-700 underline">
            Ask for one
          </Link>
          .
        </p>
      )}
    </AuthCard>
  );
}

/** `/verify-email?result=`: where identity sends the verification link's visitor. */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const verified = params.get('result') === 'verified';
  const signedIn = useSession((state) => state.status === 'authenticated');
  const refresh = useSession((state) => state.refresh);
  // The session carries `emailVerified`: read it again so the banner goes away.
  useEffect(() => {
    if (verified) void refresh();
  }, [verified, refresh]);
  return (
    <AuthCard title={verified ? 'Email address confirmed' : 'That link did not work'}>
      <p className="text-sm text-slate-700" role="status">
        {verified
          ? 'Thank you: your email address is confirmed.'
          : 'The confirmation link is used, expired or replaced by a newer one. Sign in and press “Send a new link” in the banner.'}
      </p>
      <div className="mt-6 text-center">
        <Link to={paths.login.href()} className={buttonClass('primary')}>
          {signedIn ? 'Continue' : 'Log in'}
        </Link>
      </div>
    </AuthCard>
  );
}

/** `/401`: a signed-in user opened a page their access does not include. */
export const AccessDeniedRoute = () => (
  <div className="mx-auto max-w-xl px-4 py-20 text-center">
    <p className="text-6xl font-extrabold text-indigo-700">401</p>
    <h1 className="mt-4 text-2xl font-bold text-slate-900">You do not have access to that page</h1>
    <p className="mt-2 text-slate-600">Ask for the access you need, or go back to your dashboard.</p>
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to={paths.home.href()} className={buttonClass('secondary')}>
        Home
      </Link>
      <Link to={paths.accessRequest.href()} className={buttonClass('primary')}>
        Request access
      </Link>
    </div>
  </div>
);
