import { emailSchema } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';

/**
 * One address in, a mail out: the email sign-in link and the password reset ask the same way and
 * answer the same for every address (the API never says whether an account uses it).
 */
export function MailAskForm({
  label,
  action,
  busyAction,
  send,
  onSent,
}: {
  label: string;
  action: string;
  busyAction: string;
  send: (email: string) => Promise<unknown>;
  onSent: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = emailSchema.safeParse(email);
    if (!checked.success) return setError('Enter the email address of your account');
    setBusy(true);
    setError(undefined);
    try {
      await send(checked.data);
      onSent(checked.data);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label={label}>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" disabled={busy}>
        {busy ? busyAction : action}
      </Button>
    </form>
  );
}
