import {
  ACCESS_LABELS,
  ACCESS_VALUES,
  ADMIN_RECIPIENTS_MAX,
  adminMessageBodySchema,
  MESSAGE_MAX,
  type Access,
  type UserRef,
} from '@podz/proto';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PeoplePicker } from '../../../components/people-picker';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField, TextArea } from '../../../components/ui/field';
import { apiFetch } from '../../../lib/api-client';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/conversations/admin`: queued, then delivered in parts within seconds. */
function useBroadcast() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { text: string; userIds?: string[]; access?: Access }) =>
      apiFetch<{ sent: number; skipped: string[] }>('/api/conversations/admin', { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}

const label = (value: Access) => `Every ${ACCESS_LABELS[value]}`;

/**
 * An admin writes one message to many: everyone holding an access value, or people picked by
 * name. Each gets it in their own conversation with the admin.
 */
export function BroadcastForm() {
  const headingId = useId();
  const [audience, setAudience] = useState<'access' | 'people'>('access');
  const [access, setAccess] = useState<Access>('user');
  const [people, setPeople] = useState<UserRef[]>([]);
  const [text, setText] = useState('');
  const { errors, formError, check, fail } = useFormErrors();
  const send = useBroadcast();
  const confirm = useUi((state) => state.confirm);
  const showModal = useUi((state) => state.showModal);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = check(
      adminMessageBodySchema,
      audience === 'access' ? { text, access } : { text, userIds: people.map((person) => person.id) },
    );
    if (!body) return;
    const who =
      audience === 'access' ? `${label(access).toLowerCase()} on the network` : `${people.length} people`;
    if (
      !(await confirm({
        title: 'Send to everyone chosen?',
        message: `This message goes to ${who}.`,
        confirmLabel: 'Send',
      }))
    )
      return;
    send.mutate(body, {
      onSuccess: ({ sent, skipped }) => {
        showModal({
          kind: 'success',
          title: 'Broadcast sent',
          message: `On its way to ${sent} ${sent === 1 ? 'person' : 'people'}${skipped.length ? `; ${skipped.length} not found` : ''}.`,
        });
        setText('');
        setPeople([]);
      },
      onError: fail,
    });
  };

  return (
    <form
      aria-labelledby={headingId}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="max-w-2xl space-y-4"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Broadcast
      </h2>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">To</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['access', 'Everyone with an access'],
              ['people', 'People I pick'],
            ] as const
          ).map(([value, text]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="audience"
                className="size-4"
                checked={audience === value}
                onChange={() => setAudience(value)}
              />
              {text}
            </label>
          ))}
        </div>
      </fieldset>
      {audience === 'access' ? (
        <SelectField
          label="Access"
          value={access}
          options={ACCESS_VALUES.map((value) => ({ value, label: label(value) }))}
          onChange={(event) => setAccess(event.target.value as Access)}
        />
      ) : (
        <div>
          <PeoplePicker label="Recipients" value={people} onChange={setPeople} />
          <p className="mt-1 text-xs text-slate-600">
            Up to {ADMIN_RECIPIENTS_MAX} people; for more, write to an access.
          </p>
          {errors.userIds && <p className="mt-1 text-sm text-red-700">{errors.userIds}</p>}
        </div>
      )}
      <TextArea
        label="Message"
        rows={5}
        maxLength={MESSAGE_MAX}
        value={text}
        error={errors.text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormError message={formError ?? errors.form} />
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={send.isPending || !text.trim() || (audience === 'people' && people.length === 0)}
        >
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
