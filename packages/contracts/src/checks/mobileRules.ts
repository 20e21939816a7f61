/** The mobile number without spaces. */
export function normaliseMobile(value: string): string {
  return value.replace(/\s+/g, '');
}

/** A UK mobile: 07 followed by 9 digits (11 in all), spaces allowed (spec). */
export function isUkMobile(value: string): boolean {
  return /^07\d{9}$/.test(normaliseMobile(value));
}
