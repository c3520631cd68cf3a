import { useState } from 'react';
import type { z } from 'zod';
import { errorMessage } from './api-client';
import { apiFieldErrors, validate, type FieldErrors } from './form-errors';

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
