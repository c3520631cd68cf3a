import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/field';
import { NewPasswordFields, newPasswordProblem, type FieldError } from '../../../components/password-fields';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { resetPassword } from '../../../lib/auth-client';
import { useSession } from '../../../stores/session-store';

/** The new password for the link's account; every session of it ends, this tab's included. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<FieldError>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation);
    if (problem) return setError(problem);
    setBusy(true);
    setError(undefined);
    try {
      await resetPassword({ token, email, password });
      await useSession.getState().refresh();
      navigate(`${paths.login.href()}?sent=password`, { replace: true });
    } catch (failure) {
      setError({ message: errorMessage(failure) });
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Set a new password">
      <p className="text-sm text-slate-700">
        For <strong>{email}</strong>. Setting it signs out every session of the account.
      </p>
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        error={error}
      />
      <FormError message={error && !error.field ? error.message : undefined} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Set the new password'}
      </Button>
    </form>
  );
}
