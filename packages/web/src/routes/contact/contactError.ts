import { ApiError } from '../../api/client';
import { detailsAsFieldErrors } from '../../components/dynamicForm/formState';
import { contactCopy } from '../../copy/contact';

const fieldLabels: Record<string, string> = {
  email: contactCopy.email,
  name: contactCopy.name,
  help: contactCopy.help,
};

/**
 * Each field's reason in a validation_failed answer's details: either { field: message }
 * or the server's schema issues, [{ path: '/field', message }].
 */
function fieldReasons(details: unknown): [string, string][] {
  if (Array.isArray(details)) {
    return details.flatMap((issue: unknown) => {
      if (typeof issue !== 'object' || issue === null) return [];
      const { path, message } = issue as { path?: unknown; message?: unknown };
      if (typeof message !== 'string' || message === '') return [];
      return [[typeof path === 'string' ? path.replace(/^\//, '') : '', message]];
    });
  }
  return Object.entries(detailsAsFieldErrors(details) ?? {});
}

/**
 * The message for a contact call that failed: the server's own for a refused form (with
 * each field's reason) and for too many messages, the generic one for anything else.
 */
export function contactErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'rate_limited') return error.message;
    if (error.code === 'validation_failed') {
      const reasons = fieldReasons(error.details).map(([field, reason]) =>
        field === '' ? reason : `${fieldLabels[field] ?? field}: ${reason}`,
      );
      return reasons.length === 0 ? error.message : `${error.message} ${reasons.join('. ')}.`;
    }
  }
  return contactCopy.failed;
}
