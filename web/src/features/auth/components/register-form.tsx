import { registerBodySchema } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { register } from '../../../lib/auth-client';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useSession } from '../../../stores/session-store';

/** Registration with the service's own rules shown next to each field; signs the new user in. */
export function RegisterForm() {
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const { errors, formError, check, fail } = useFormErrors();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const data = check(registerBodySchema, values);
    if (!data) return;
    setBusy(true);
    try {
      await register(data);
      await signIn(data.username, data.password);
      navigate(paths.myPodcasts.href(), { replace: true });
    } catch (failure) {
      // A taken name or address is a conflict that names no field: it shows above the button.
      fail(failure);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Sign up">
      <TextField
        label="Username"
        autoComplete="username"
        value={values.username}
        onChange={set('username')}
        error={errors.username}
        hint="3 to 30 characters"
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint="At least 8 characters, with a letter and a digit"
      />
      <FormError message={formError} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating your account…' : 'Sign up'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        Already a member?{' '}
        <Link to={paths.login.href()} className="font-semibold text-indigo-700 underline">
          Log in
        </Link>
      </p>
    </form>
  );
}
