import { z } from 'zod';
import { emailPattern } from './accounts.js';

/** POST /api/contact (spec: email, name, help, a_password; a_password is the honeypot). */
export const contactRequestSchema = z.strictObject({
  email: z.string().trim().max(254).regex(emailPattern, 'Email is invalid'),
  name: z.string().trim().min(1, 'Required').max(200),
  help: z.string().trim().min(1, 'Required').max(5000),
  a_password: z.string().max(500).optional(),
});

export const contactResponseSchema = z.object({ status: z.literal('OK') });
