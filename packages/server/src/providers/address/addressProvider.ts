import { z } from 'zod';

/** One address of a postcode lookup (spec: key and value; the uprn ends the key after '_'). */
export const addressItemSchema = z.object({
  key: z.string().min(1).max(200),
  value: z.object({
    line_1: z.string().max(200),
    line_2: z.string().max(200).default(''),
    post_town: z.string().max(100),
    postcode: z.string().max(10),
  }),
});

export type AddressItem = z.infer<typeof addressItemSchema>;

/** Finds the addresses of a UK postcode (normalised, e.g. 'SW1A 1AA'); [] when there are none. */
export interface AddressProvider {
  readonly name: string;
  lookup(postcode: string): Promise<AddressItem[]>;
}

export class AddressProviderError extends Error {}

/** The uprn of a lookup item: the last segment of its key after an underscore. */
export function uprnOf(key: string): string {
  return key.slice(key.lastIndexOf('_') + 1);
}
