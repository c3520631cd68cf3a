import { z } from 'zod';
import { emailSchema } from '../identity/user-fields';
import { objectIdSchema } from '../ids';
import { paginatedSchema, paginationQuerySchema } from '../pagination';
import { lineSchema, paragraphSchema } from '../plain-text';

/** The two forms visitors send from `/contact` and `/advertise`. */
export const FORM_KINDS = ['contact', 'advertise'] as const;
export const formKindSchema = z.enum(FORM_KINDS, { error: `kind must be one of: ${FORM_KINDS.join(', ')}` });
export type FormKind = z.infer<typeof formKindSchema>;

export const FORM_MESSAGE_MAX = 5000;
/** Default page size of the admin's list of submissions. */
export const FORMS_PAGE_SIZE = 20;

/**
 * A field people never see (the forms hide it) and bots fill in: a submission with it is answered
 * as received and dropped, so the bot learns nothing.
 */
export const FORM_HONEYPOT = 'homepage';

const sender = {
  [FORM_HONEYPOT]: z
    .string({ error: `${FORM_HONEYPOT} must be a string` })
    .max(500)
    .default(''),
  name: lineSchema('name', { max: 100 }),
  email: emailSchema,
  message: paragraphSchema('message', { max: FORM_MESSAGE_MAX }).min(10, {
    error: 'message must be at least 10 characters',
  }),
};

/**
 * `POST /api/content/forms/contact` (anyone; rate-limited per address): answers 201 with
 * `{ id, receivedAt }`. Stored as plain text: nothing in it is ever rendered as HTML.
 */
export const contactFormBodySchema = z.strictObject({
  ...sender,
  subject: lineSchema('subject', { max: 200, min: 0 }).default(''),
});

export const AD_BUDGETS = ['under-1k', '1k-5k', '5k-20k', 'over-20k', 'unsure'] as const;

/** `POST /api/content/forms/advertise` (anyone; rate-limited per address): as contact, for sponsors. */
export const advertiseFormBodySchema = z.strictObject({
  ...sender,
  company: lineSchema('company', { max: 200 }),
  website: z
    .string({ error: 'website must be a string' })
    .trim()
    .max(500, { error: 'website is at most 500 characters' })
    .regex(/^(https?:\/\/[^\s]+)?$/i, { error: 'website must be an http(s) URL' })
    .default(''),
  budget: z.enum(AD_BUDGETS, { error: `budget must be one of: ${AD_BUDGETS.join(', ')}` }).default('unsure'),
});

export const formReceiptSchema = z.object({ id: objectIdSchema, receivedAt: z.string() });

export const formSubmissionSchema = z.object({
  id: objectIdSchema,
  kind: formKindSchema,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The fields only one kind has: subject (contact); company, website, budget (advertise). */
  details: z.record(z.string(), z.string()),
  /** The signed-in sender, when there was one. */
  userId: objectIdSchema.nullable(),
  receivedAt: z.string(),
  /** When an admin marked it handled; null while it waits. */
  handledAt: z.string().nullable(),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;
export const formSubmissionPageSchema = paginatedSchema(formSubmissionSchema);

/** `GET /api/content/forms?kind&status&page&limit` (admins): newest first; `status=new`: not handled yet. */
export const formListQuerySchema = paginationQuerySchema(FORMS_PAGE_SIZE).extend({
  kind: formKindSchema.optional(),
  status: z.enum(['new'], { error: 'status must be new' }).optional(),
});

export const formParamsSchema = z.object({ id: objectIdSchema });

/** `PATCH /api/content/forms/{id}` (admins): marks a submission handled, or waiting again. */
export const markFormBodySchema = z.strictObject({
  handled: z.boolean({ error: 'handled must be true or false' }),
});
