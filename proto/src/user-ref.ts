import { z } from 'zod';
import { objectIdSchema } from './ids';

/** A user as other services show them: a read model kept fresh by `identity.user.v1`. */
export const userRefSchema = z.object({
  id: objectIdSchema,
  username: z.string(),
  profilePicture: z.string(),
});
export type UserRef = z.infer<typeof userRefSchema>;
