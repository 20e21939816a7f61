import { z } from 'zod/mini';
import { verificationItemSchema } from './home.js';

/**
 * A recipient's address is written into an e-mail and shown on the share list, so it must be
 * an address: zod's e-mail check (letters, digits and `_'+-.` before the @, a dotted domain),
 * not merely "something@something.xx", which let `<script>…@x.com` take a share's place.
 */
const recipientEmail = z.pipe(
  z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(254)),
  z.email('Email is invalid'),
);

/** A share record (spec: email, status; emailSent until the recipient opens the link). */
export const shareSchema = z.object({
  /** Names the share for POST /api/share/remove. */
  id: z.string(),
  email: z.string(),
  status: z.enum(['emailSent', 'identityShared']),
});

/** GET /api/share and the answer of POST /api/share: the user's shares, oldest first. */
export const shareListSchema = z.object({
  shares: z.array(shareSchema),
  /** The most shares a user may have (4). */
  limit: z.number(),
  /** How many days a shared-identity link works. */
  linkDays: z.number(),
});

/** POST /api/share (spec: email). */
export const shareRequestSchema = z.strictObject({ email: recipientEmail });

/** POST /api/share/remove: withdraws a share; its link stops working and its place is freed. */
export const withdrawShareRequestSchema = z.strictObject({ id: z.uuid() });

/** POST /api/shared: the token from the link's fragment (never in a URL the server sees). */
export const openSharedRequestSchema = z.strictObject({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid')),
});

/** The verified identity summary a recipient sees. */
export const sharedIdentitySchema = z.object({
  name: z.nullable(z.string()),
  /** The name is the one an identity check verified (else the profile's, not verified). */
  nameVerified: z.boolean(),
  verification: z.array(verificationItemSchema),
  expires: z.string(),
});

/** POST /api/invite: asks someone to verify themselves with Verity (fixed text). */
export const inviteRequestSchema = z.strictObject({ email: recipientEmail });

export type Share = z.infer<typeof shareSchema>;
export type ShareList = z.infer<typeof shareListSchema>;
export type SharedIdentity = z.infer<typeof sharedIdentitySchema>;

export const inviteResponseSchema = z.object({ status: z.literal('sent') });
