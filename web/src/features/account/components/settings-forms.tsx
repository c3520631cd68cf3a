import { emailSchema, type FullUser } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import {
  CurrentPasswordField,
  NewPasswordFields,
  newPasswordProblem,
  type FieldError,
} from '../../../components/password-fields';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../stores/session-store';
import { useUi } from '../../../stores/ui-store';
import { useDeleteMe, useUpdateMe } from '../api/account-api';

/** A new address needs the password, and stays unconfirmed until the link mailed to it is opened. */
export function EmailForm({ user }: { user: FullUser }) {
  const update = useUpdateMe(user.id);
  const toast = useUi((state) => state.toast);
  const refresh = useSession((state) => state.refresh);
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrent] = useState('');
  const [error, setError] = useState<FieldError>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return setError({ field: 'email', message: 'Enter a valid email address' });
    if (!currentPassword) return setError({ field: 'current', message: 'Enter your current password' });
    setError(undefined);
    update.mutate(
      { email: checked.data, currentPassword },
      {
        onSuccess: () => {
          setEmail('');
          setCurrent('');
          void refresh();
          toast(`We sent a confirmation link to ${checked.data}`);
        },
        onError: (failure) => setError({ message: errorMessage(failure) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-label="Change email">
      <p className="text-sm text-slate-700">
        Your address is <strong>{user.email}</strong>
        {user.emailVerified ? ' (confirmed).' : ' (not confirmed yet).'}
      </p>
      <TextField
        label="New email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error?.field === 'email' ? error.message : undefined}
      />
      <CurrentPasswordField value={currentPassword} onChange={setCurrent} error={error} />
      <FormError message={error && !error.field ? error.message : undefined} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          Change email
        </Button>
      </div>
    </form>
  );
}

export function PasswordForm({ userId }: { userId: string }) {
  const update = useUpdateMe(userId);
  const toast = useUi((state) => state.toast);
  const [currentPassword, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<FieldError>();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setError({ field: 'current', message: 'Enter your current password' });
    const problem = newPasswordProblem(password, confirmation);
    if (problem) return setError(problem);
    setError(undefined);
    update.mutate(
      { password, currentPassword },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirmation('');
          toast('Your password was changed');
        },
        onError: (failure) => setError({ message: errorMessage(failure) }),
      },
    );
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid max-w-md gap-4" aria-label="Change password">
      <CurrentPasswordField value={currentPassword} onChange={setCurrent} error={error} />
      <NewPasswordFields
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        error={error}
      />
      <FormError message={error && !error.field ? error.message : undefined} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

export function DeleteAccountForm({ userId }: { userId: string }) {
  const remove = useDeleteMe(userId);
  const confirm = useUi((state) => state.confirm);
  const toast = useUi((state) => state.toast);
  const signOut = useSession((state) => state.signOut);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Enter your password to confirm');
    const sure = await confirm({
      title: 'Delete your account?',
      message: 'Your profile, shows, follows and messages go for good. This cannot be undone.',
    });
    if (!sure) return;
    remove.mutate(password, {
      onSuccess: async () => {
        await signOut().catch(() => {});
        toast('Your account was deleted');
        navigate('/', { replace: true });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      className="grid max-w-md gap-4"
      aria-label="Delete account"
    >
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <div>
        <Button type="submit" variant="danger" disabled={remove.isPending}>
          Delete my account
        </Button>
      </div>
    </form>
  );
}
