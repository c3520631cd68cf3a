import { z } from 'zod';

/**
 * Reads a package's configuration from the environment once, at boot. Every problem is listed in
 * one error so an operator fixes them all in one go instead of one restart per variable.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  // A plain record rather than NodeJS.ProcessEnv: type packages (next's) make NODE_ENV required there.
  env: Readonly<Record<string, string | undefined>> = process.env,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`invalid configuration:\n${problems.join('\n')}`);
}

/** The variables a schema cannot do without, for deploy manifests and their tests. */
export function requiredVariables(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
    .map(([name]) => name);
}
