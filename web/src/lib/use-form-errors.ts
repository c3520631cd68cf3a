import { useState } from 'react';
import type { z } from 'zod';
import { ApiFailure, errorMessage } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Checks a form against its `proto/` schema, the same one the service validates with, so the user
 * sees the rule next to the field before anything is sent. Undefined when the values pass.
 */
function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { data: z.infer<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return { errors };
}

/**
 * The field errors an API failure names, for showing next to the fields. The services name a
 * field by where it was in the request (`body.name`); forms know it as `name`.
 */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiFailure)) return {};
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    const [where, field] = detail.path.split('.');
    if (where === 'body' && field) errors[field] ??= detail.message;
  }
  return errors;
}

/**
 * The error state every form keeps: messages next to fields, and one above the buttons for what
 * names no field. `check` runs the proto schema before sending; `fail` shows a refused call.
 */
export function useFormErrors() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  return {
    errors,
    formError,
    setErrors,
    check<S extends z.ZodType>(schema: S, values: unknown): z.infer<S> | undefined {
      const checked = validate(schema, values);
      setErrors(checked.errors ?? {});
      setFormError(undefined);
      return checked.data;
    },
    fail(error: unknown): void {
      const fields = apiFieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(errorMessage(error));
    },
  };
}
