import { registerBodySchema } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { ApiFailure, errorMessage } from '../../../lib/api-client';
import { register } from '../../../lib/auth-client';
import { apiFieldErrors, validate, type FieldErrors } from '../../../lib/form-errors';
import { useSession } from '../../../stores/session-store';

/** Registration with the service's own rules shown next to each field; signs the new user in. */
export function RegisterForm() {
  const navigate = useNavigate();
  const signIn = useSession((state) => state.signIn);
  const [values, setValues] = useState({ username: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(registerBodySchema, values);
    setErrors(checked.errors ?? {});
    setFormError(undefined);
    if (!checked.data) return;
    setBusy(true);
    try {
      await register(checked.data);
      await signIn(checked.data.username, checked.data.password);
      navigate(paths.myPodcasts.href(), { replace: true });
    } catch (failure) {
      const fields = apiFieldErrors(failure);
      // A taken name or address comes back as a conflict naming no field.
      if (failure instanceof ApiFailure && failure.status === 409) setFormError(failure.message);
      else if (Object.keys(fields).length) setErrors(fields);
      else setFormError(errorMessage(failure));
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
