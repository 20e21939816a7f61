import { contactResponseSchema } from '@verity/contracts';
import { postJson, type CallOptions } from './client';

/** The body of POST /api/contact (contracts' contactRequestSchema). */
export interface ContactMessage {
  email: string;
  name: string;
  help: string;
  /** The honeypot: empty unless a bot filled it. */
  a_password: string;
}

/** POST /api/contact: answers { status: 'OK' }; failures throw ApiError. */
export function sendContactMessage(
  message: ContactMessage,
  options?: CallOptions,
): Promise<{ status: 'OK' }> {
  return postJson('/api/contact', message, contactResponseSchema, options);
}
