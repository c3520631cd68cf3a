import type { z } from 'zod';
import { ApiFailure } from './api-client';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * Checks a form against its `proto/` schema, the same one the service validates with, so the user
 * sees the rule next to the field before anything is sent. Undefined when the values pass.
 */
export function validate<S extends z.ZodType>(
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

/** The field errors an API failure names (its `details`), for showing next to the fields. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiFailure)) return {};
  const errors: FieldErrors = {};
  for (const detail of error.details) {
    const field = detail.path.split('.')[0] || 'form';
    errors[field] ??= detail.message;
  }
  return errors;
}
