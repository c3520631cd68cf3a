import { capitalize } from '../../../lib/format';
import {
  ACCESS_LABELS,
  ACCESS_VALUES,
  adminCreateUserBodySchema,
  adminEditUserBodySchema,
  DEFAULT_PLAN,
  type Access,
  type FullUser,
  type PricingPlan,
} from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { FormActions, FormPanel } from '../../../components/ui/form-panel';
import { FormError, SelectField, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { useCreateUser, useEditUser } from '../api/users-admin-api';

const label = (value: Access) => capitalize(ACCESS_LABELS[value]);

/**
 * Creates an account or edits one: names, a new password (optional when editing), role and
 * access (the role is always held), and the plan. Identity refuses a change that would leave the
 * network without an admin; that answer is shown as it comes.
 */
export function UserEditor({
  user,
  plans,
  onDone,
}: {
  user?: FullUser;
  plans: PricingPlan[];
  onDone: () => void;
}) {
  const [username, setUsername] = useState(user?.username ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<Access>(user?.role ?? 'user');
  const [access, setAccess] = useState<Access[]>(user?.access ?? ['user']);
  const [plan, setPlan] = useState(user?.plan ?? DEFAULT_PLAN);
  const { errors, formError, check, fail } = useFormErrors();
  const create = useCreateUser();
  const edit = useEditUser();
  const showModal = useUi((state) => state.showModal);
  const busy = create.isPending || edit.isPending;
  const held = access.includes(role) ? access : [...access, role];
  // A user on a plan since retired keeps it: it stays a choice here.
  const planOptions = [
    ...plans.map((option) => ({
      value: option.slug,
      label: option.active ? option.name : `${option.name} (inactive)`,
    })),
    ...(plans.some((option) => option.slug === plan) ? [] : [{ value: plan, label: plan }]),
  ];

  const toggle = (value: Access, on: boolean) =>
    setAccess((current) => (on ? [...current, value] : current.filter((other) => other !== value)));
  const done = (saved: FullUser, verb: string) => {
    showModal({ kind: 'success', title: `User ${verb}`, message: `${saved.username} is saved.` });
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (user) {
      const body = check(adminEditUserBodySchema, {
        id: user.id,
        ...(username !== user.username ? { username } : {}),
        ...(email !== user.email ? { email } : {}),
        ...(password ? { password } : {}),
        role,
        access: held,
        plan,
      });
      if (body) edit.mutate(body, { onSuccess: (saved) => done(saved, 'saved'), onError: fail });
      return;
    }
    const body = check(adminCreateUserBodySchema, { username, email, password, role, access: held });
    if (!body) return;
    create.mutate(body, {
      onSuccess: (saved) => {
        // A new account starts on the default plan; another plan is one more call.
        if (plan === saved.plan) done(saved, 'created');
        else
          edit.mutate(
            { id: saved.id, plan },
            { onSuccess: (planned) => done(planned, 'created'), onError: fail },
          );
      },
      onError: fail,
    });
  };

  return (
    <FormPanel title={user ? `Edit ${user.username}` : 'New user'} onSubmit={onSubmit} className="mb-8">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Username"
          autoComplete="off"
          value={username}
          error={errors.username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label={user ? 'New password (optional)' : 'Password'}
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          hint={user ? 'Setting one signs the user out everywhere.' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SelectField
          label="Plan"
          value={plan}
          error={errors.plan}
          options={planOptions}
          onChange={(event) => setPlan(event.target.value)}
        />
        <SelectField
          label="Role"
          value={role}
          error={errors.role}
          options={ACCESS_VALUES.map((value) => ({ value, label: label(value) }))}
          onChange={(event) => setRole(event.target.value as Access)}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Access</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-2">
          {ACCESS_VALUES.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4"
                checked={held.includes(value)}
                disabled={value === role}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              {label(value)}
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-slate-600">The role is always part of the access.</p>
        {errors.access && <p className="mt-1 text-sm text-red-700">{errors.access}</p>}
      </fieldset>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={busy} submitLabel={user ? 'Save user' : 'Create user'} />
    </FormPanel>
  );
}
