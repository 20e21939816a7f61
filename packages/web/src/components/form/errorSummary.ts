/** One line of an error summary: the id of the input to go to, and the field's message. */
export interface SummaryError {
  target: string;
  message: string;
}

/**
 * The lines of an error summary, in the form's order: each field with a message now, linked
 * to its input (`targetOf`, the field's first control unless told otherwise).
 */
export function summaryErrors<Name>(
  order: readonly Name[],
  messageOf: (name: Name) => string | null | undefined,
  targetOf: (name: Name) => string,
): SummaryError[] {
  return order.flatMap((name) => {
    const message = messageOf(name);
    return message ? [{ target: targetOf(name), message }] : [];
  });
}
