import {
  createPlanBodySchema,
  DEFAULT_PLAN,
  PLAN_CURRENCIES,
  PLAN_INTERVALS,
  PLAN_LIMITS,
  updatePlanBodySchema,
  type PricingPlan,
} from '@podz/proto';
import { useId, useState, type FormEvent } from 'react';
import { FormActions, FormPanel } from '../../../components/ui/form-panel';
import { FormError, SelectField, TextArea, TextField } from '../../../components/ui/field';
import { useFormErrors } from '../../../lib/use-form-errors';
import { useUi } from '../../../stores/ui-store';
import { useCreatePlan, useUpdatePlan } from '../api/plan-admin-api';
import { planPrice } from './plan-card';

/** What the form holds: text as typed, turned into a plan body only when checked. */
export interface PlanDraft {
  slug: string;
  name: string;
  description: string;
  price: string;
  currency: string;
  interval: string;
  features: string;
  shows: string;
  episodesPerShow: string;
  storageMb: string;
  active: boolean;
  premiumListening: boolean;
}

const LIMIT_FIELDS = [
  { key: 'shows', label: 'Shows' },
  { key: 'episodesPerShow', label: 'Episodes per show' },
  { key: 'storageMb', label: 'Storage (MB)' },
] as const;

export function draftOf(plan?: PricingPlan): PlanDraft {
  const limit = (value: number | null | undefined) => (value == null ? '' : String(value));
  return {
    slug: plan?.slug ?? '',
    name: plan?.name ?? '',
    description: plan?.description ?? '',
    price: plan ? String(plan.price) : '0',
    currency: plan?.currency ?? 'USD',
    interval: plan?.interval ?? 'month',
    features: plan?.features.join('\n') ?? '',
    shows: limit(plan?.limits.shows),
    episodesPerShow: limit(plan?.limits.episodesPerShow),
    storageMb: limit(plan?.limits.storageMb),
    active: plan?.active ?? true,
    premiumListening: plan?.premiumListening ?? false,
  };
}

/** The draft as an API body; the proto schema says what is wrong with it. */
export function bodyOf(draft: PlanDraft) {
  const limit = (text: string) => (text.trim() === '' ? null : Number(text));
  return {
    name: draft.name,
    description: draft.description,
    price: draft.price.trim() === '' ? Number.NaN : Number(draft.price),
    currency: draft.currency,
    interval: draft.interval,
    features: draft.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    limits: {
      shows: limit(draft.shows),
      episodesPerShow: limit(draft.episodesPerShow),
      storageMb: limit(draft.storageMb),
    },
    active: draft.active,
    premiumListening: draft.premiumListening,
  };
}

/**
 * Creates or edits a plan. The slug is chosen once (it is what identity stores as each
 * subscriber's plan); the free plan cannot be switched off. `onChange` feeds the live preview.
 */
export function PlanEditor({
  plan,
  nextOrder,
  onChange,
  onDone,
}: {
  plan?: PricingPlan;
  nextOrder: number;
  onChange: (draft: PlanDraft) => void;
  onDone: () => void;
}) {
  const activeId = useId();
  const premiumId = useId();
  const [draft, setDraft] = useState(() => draftOf(plan));
  const { errors, formError, check, fail } = useFormErrors();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const showModal = useUi((state) => state.showModal);
  const isFree = plan?.slug === DEFAULT_PLAN;
  const busy = create.isPending || update.isPending;

  const set = <K extends keyof PlanDraft>(key: K, value: PlanDraft[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    onChange(next);
  };
  const saved = (result: PricingPlan, verb: string) => {
    showModal({
      kind: 'success',
      title: `Plan ${verb}`,
      message: result.active
        ? `${result.name} is on /pricing at ${planPrice(result)}.`
        : `${result.name} is saved and inactive: /pricing does not show it.`,
    });
    onDone();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (plan) {
      const body = check(updatePlanBodySchema, bodyOf(draft));
      if (body)
        update.mutate({ id: plan.id, ...body }, { onSuccess: (r) => saved(r, 'saved'), onError: fail });
      return;
    }
    const body = check(createPlanBodySchema, { slug: draft.slug, ...bodyOf(draft), order: nextOrder });
    if (body) create.mutate(body, { onSuccess: (r) => saved(r, 'created'), onError: fail });
  };

  return (
    <FormPanel title={plan ? `Edit ${plan.name}` : 'New plan'} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          required
          maxLength={PLAN_LIMITS.name}
          value={draft.name}
          error={errors.name}
          onChange={(event) => set('name', event.target.value)}
        />
        <TextField
          label="Plan ID"
          required
          disabled={Boolean(plan)}
          value={draft.slug}
          error={errors.slug}
          hint={
            plan
              ? 'Fixed once created: it is stored as each subscriber’s plan.'
              : 'Lowercase letters, digits and dashes; it cannot change later.'
          }
          onChange={(event) => set('slug', event.target.value)}
        />
      </div>
      <TextArea
        label="Description"
        rows={2}
        maxLength={PLAN_LIMITS.description}
        value={draft.description}
        error={errors.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label="Price"
          inputMode="decimal"
          value={draft.price}
          error={errors.price}
          hint="0 makes the plan free."
          onChange={(event) => set('price', event.target.value)}
        />
        <SelectField
          label="Currency"
          value={draft.currency}
          error={errors.currency}
          options={PLAN_CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(event) => set('currency', event.target.value)}
        />
        <SelectField
          label="Billed every"
          value={draft.interval}
          error={errors.interval}
          options={PLAN_INTERVALS.map((interval) => ({ value: interval, label: interval }))}
          onChange={(event) => set('interval', event.target.value)}
        />
      </div>
      <TextArea
        label="Features"
        rows={4}
        value={draft.features}
        error={errors.features}
        hint={`One per line, at most ${PLAN_LIMITS.features}.`}
        onChange={(event) => set('features', event.target.value)}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Limits (empty means unlimited)</legend>
        <div className="mt-1 grid gap-4 sm:grid-cols-3">
          {LIMIT_FIELDS.map(({ key, label }) => (
            <TextField
              key={key}
              label={label}
              inputMode="numeric"
              value={draft[key]}
              onChange={(event) => set(key, event.target.value)}
            />
          ))}
        </div>
        {errors.limits && <p className="mt-1 text-sm text-red-700">Limits must be whole numbers or empty.</p>}
      </fieldset>
      <div className="flex items-start gap-2">
        <input
          id={activeId}
          type="checkbox"
          className="mt-1 size-4"
          checked={draft.active}
          disabled={isFree}
          onChange={(event) => set('active', event.target.checked)}
        />
        <label htmlFor={activeId} className="text-sm text-slate-800">
          Active: offered on /pricing
          {isFree && (
            <span className="block text-slate-600">
              The free plan is where every new member starts, so it is always active.
            </span>
          )}
        </label>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={premiumId}
          type="checkbox"
          className="mt-1 size-4"
          checked={draft.premiumListening}
          onChange={(event) => set('premiumListening', event.target.checked)}
        />
        <label htmlFor={premiumId} className="text-sm text-slate-800">
          Premium listening: its members hear the premium episodes of shows that offer it
        </label>
      </div>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={busy} submitLabel={plan ? 'Save plan' : 'Create plan'} />
    </FormPanel>
  );
}
