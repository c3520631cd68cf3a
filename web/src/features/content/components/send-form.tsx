import { AD_BUDGETS, advertiseFormBodySchema, contactFormBodySchema, FORM_HONEYPOT } from '@podz/proto';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { FormError, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { useSendForm } from '../api/send-form-api';

type Kind = 'contact' | 'advertise';

interface FieldSpec {
  name: string;
  label: string;
  type?: 'email' | 'url' | 'textarea' | 'budget';
  autoComplete?: string;
}

/** The fields of each form, in order; the schemas come from proto, as the service's do. */
const FORMS: Record<
  Kind,
  { schema: typeof contactFormBodySchema | typeof advertiseFormBodySchema; fields: FieldSpec[] }
> = {
  contact: {
    schema: contactFormBodySchema,
    fields: [
      { name: 'name', label: 'Your name', autoComplete: 'name' },
      { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
      { name: 'subject', label: 'Subject' },
      { name: 'message', label: 'Message', type: 'textarea' },
    ],
  },
  advertise: {
    schema: advertiseFormBodySchema,
    fields: [
      { name: 'name', label: 'Your name', autoComplete: 'name' },
      { name: 'email', label: 'Work email', type: 'email', autoComplete: 'email' },
      { name: 'company', label: 'Company', autoComplete: 'organization' },
      { name: 'website', label: 'Website', type: 'url', autoComplete: 'url' },
      { name: 'budget', label: 'Monthly budget', type: 'budget' },
      { name: 'message', label: 'What would you like to promote?', type: 'textarea' },
    ],
  },
};

const BUDGET_LABELS: Record<(typeof AD_BUDGETS)[number], string> = {
  'under-1k': 'Under $1,000',
  '1k-5k': '$1,000 – $5,000',
  '5k-20k': '$5,000 – $20,000',
  'over-20k': 'Over $20,000',
  unsure: 'Not sure yet',
};

export function SendForm({ kind }: { kind: Kind }) {
  const { schema, fields } = FORMS[kind];
  const initial = Object.fromEntries([
    ...fields.map((field) => [field.name, field.type === 'budget' ? 'unsure' : '']),
    [FORM_HONEYPOT, ''],
  ]);
  const [values, setValues] = useState<Record<string, string>>(initial);
  const { errors, formError, check, fail } = useFormErrors();
  const send = useSendForm(kind);
  const showModal = useUi((state) => state.showModal);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!check(schema, values)) return;
    send.mutate(values, {
      onSuccess: () => {
        setValues(initial);
        showModal({
          kind: 'success',
          title: 'Message sent',
          message: 'Thank you! We will get back to you soon.',
        });
      },
      onError: fail,
    });
  };

  const set = (name: string) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={kind === 'contact' ? 'Contact form' : 'Advertising form'}
    >
      {fields.map((field) =>
        field.type === 'textarea' ? (
          <TextArea
            key={field.name}
            label={field.label}
            value={values[field.name]}
            onChange={set(field.name)}
            error={errors[field.name]}
            rows={6}
          />
        ) : field.type === 'budget' ? (
          <SelectField
            key={field.name}
            label={field.label}
            value={values[field.name]}
            onChange={set(field.name)}
            options={AD_BUDGETS.map((value) => ({ value, label: BUDGET_LABELS[value] }))}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type ?? 'text'}
            autoComplete={field.autoComplete}
            value={values[field.name]}
            onChange={set(field.name)}
            error={errors[field.name]}
          />
        ),
      )}
      {/* For bots only: off-screen, out of the tab order and hidden from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Leave this empty
          <input
            name={FORM_HONEYPOT}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values[FORM_HONEYPOT]}
            onChange={set(FORM_HONEYPOT)}
          />
        </label>
      </div>
      <FormError message={formError} />
      <div>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
