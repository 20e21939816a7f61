import { z } from 'zod/mini';
import { emailPattern } from './accounts.js';

/** POST /api/contact (spec: email, name, help, a_password; a_password is the honeypot). */
export const contactRequestSchema = z.strictObject({
  email: z.string().check(z.trim(), z.maxLength(254), z.regex(emailPattern, 'Email is invalid')),
  name: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(200)),
  help: z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(5000)),
  a_password: z.optional(z.string().check(z.maxLength(500))),
});

export const contactResponseSchema = z.object({ status: z.literal('OK') });
