import { passwordSchema } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { resetPassword } from '../../../lib/auth-client';
import { useSession } from '../../../stores/session-store';

/** The new password for the link's account; every session of it ends, this tab's included. */
export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<{ field?: 'password' | 'confirmation'; message: string }>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) return setError({ field: 'password', message: checked.error.issues[0]!.message });
    if (password !== confirmation)
      return setError({ field: 'confirmation', message: 'The passwords do not match' });
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
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={error?.field === 'password' ? error.message : undefined}
        hint="At least 8 characters, with a letter and a digit"
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => setConfirmation(e.target.value)}
        error={error?.field === 'confirmation' ? error.message : undefined}
      />
      <FormError message={error && !error.field ? error.message : undefined} />
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Set the new password'}
      </Button>
    </form>
  );
}
