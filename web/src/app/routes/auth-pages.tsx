import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { RegisterForm } from '../../features/auth/components/register-form';

function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-6 text-center text-3xl font-bold text-slate-900">{title}</h1>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  );
}

export const LoginRoute = () => (
  <AuthCard title="Log in to PODZ">
    <LoginForm />
  </AuthCard>
);

export const RegisterRoute = () => (
  <AuthCard title="Create your account">
    <RegisterForm />
  </AuthCard>
);

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
