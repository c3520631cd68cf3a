import { passwordSchema } from '@podz/proto';
import { TextField } from './ui/field';

/** A form's error: on one field, or on the form when `field` is absent. */
export interface FieldError {
  field?: string;
  message: string;
}

const on = (error: FieldError | undefined, field: string) =>
  error?.field === field ? error.message : undefined;

/** The checks a new password gets before it is sent: the service's rules, and typed the same twice. */
export function newPasswordProblem(password: string, confirmation: string): FieldError | undefined {
  const checked = passwordSchema.safeParse(password);
  if (!checked.success)
    return { field: 'password', message: checked.error.issues[0]?.message ?? 'Choose another password' };
  if (password !== confirmation) return { field: 'confirmation', message: 'The passwords do not match' };
  return undefined;
}

/** "New password" and "Repeat the new password", with errors on fields `password` and `confirmation`. */
export function NewPasswordFields({
  password,
  confirmation,
  onPassword,
  onConfirmation,
  error,
}: {
  password: string;
  confirmation: string;
  onPassword: (value: string) => void;
  onConfirmation: (value: string) => void;
  error?: FieldError;
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => onPassword(e.target.value)}
        error={on(error, 'password')}
        hint="At least 8 characters, with a letter and a digit"
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(e) => onConfirmation(e.target.value)}
        error={on(error, 'confirmation')}
      />
    </>
  );
}

/** The account's current password, asked before a change to the password or the address (field `current`). */
export function CurrentPasswordField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: FieldError;
}) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={on(error, 'current')}
    />
  );
}
