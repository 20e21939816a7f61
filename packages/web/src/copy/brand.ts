/**
 * The product and company names. There is no configuration call for them yet, so every
 * screen takes them from here.
 */
export const brand = {
  product: 'Verity',
  company: 'Verity Ltd',
} as const;
