/** A name the server put in index.html from its configuration (PRODUCT_NAME, COMPANY_NAME). */
function configured(name: 'product' | 'company', fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = document.querySelector(`meta[name="verity:${name}"]`)?.getAttribute('content');
  return value?.trim() ? value : fallback;
}

/**
 * The product and company names, from the server's configuration (meta tags of the page,
 * read once when the app loads), with the defaults of the configuration otherwise.
 */
export const brand = {
  product: configured('product', 'Verity'),
  company: configured('company', 'Verity Ltd'),
} as const;
