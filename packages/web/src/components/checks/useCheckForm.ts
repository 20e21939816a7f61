import type { CheckResult } from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../state/authContext';
import { dateEntryProblem, dateErrorTarget } from '../form/dateParts';
import { summaryErrors } from '../form/errorSummary';
import { checkMessageIn } from '../../copy/checks';
import { checkFailure } from './checkFailure';

/**
 * The state of an identity-check form: values, which fields to show messages for (touched,
 * or all after a submit), the server's own messages, busy, and the check's result. The rules
 * are contracts' (`validate`); nothing is sent while any field has a message.
 */
export function useCheckForm<Form extends { [K in keyof Form]: string }>(options: {
  empty: Form;
  idPrefix: string;
  validate(form: Form): Partial<Record<keyof Form, string>>;
  /** The date fields (DateInput) by their labels: a date half typed is said so first. */
  dates?: Partial<Record<keyof Form, string>>;
  send(form: Form): Promise<CheckResult>;
}) {
  const { user, clearLogin, assuranceChanged } = useAuth();
  const navigate = useNavigate();
  const [form, setForm] = useState<Form>(options.empty);
  const [touched, setTouched] = useState<Set<keyof Form>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The message asks for the profile first (identity_details_required): link to it. */
  const [needsProfile, setNeedsProfile] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);
  const [active, setActive] = useState<keyof Form | null>(null);
  /** Continues refused (by the rules or the server): each moves the focus to the error summary. */
  const [refusals, setRefusals] = useState(0);
  const fields = Object.keys(options.empty) as Array<keyof Form>;
  // The rules' messages (and the server's, which repeat them) in the screens' language.
  const errors: Partial<Record<keyof Form, string>> = {};
  for (const [field, problem] of Object.entries(options.validate(form)) as Array<
    [keyof Form, string | undefined]
  >)
    if (problem) errors[field] = checkMessageIn(problem);
  for (const field of fields) {
    const label = options.dates?.[field];
    const problem = label === undefined ? null : dateEntryProblem(form[field], label);
    if (problem) errors[field] = problem.message;
  }
  const idOf = (field: keyof Form) => `${options.idPrefix}-${String(field)}`;

  const errorOf = (field: keyof Form): string | null =>
    touched.has(field)
      ? (errors[field] ?? checkMessageIn(serverErrors[field as string] ?? '')) || null
      : null;

  const fieldProps = (field: keyof Form) => ({
    id: idOf(field),
    value: form[field],
    error: errorOf(field),
    onChange: (value: string) => {
      setForm((current) => ({ ...current, [field]: value }));
      setServerErrors((current) => ({ ...current, [field]: '' }));
    },
    onBlur: () => {
      setActive(null);
      setTouched((current) => new Set(current).add(field));
    },
    onFocus: () => setActive(field),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setTouched(new Set(fields));
    if (fields.some((field) => errors[field])) {
      setRefusals((count) => count + 1);
      return;
    }
    setBusy(true);
    setMessage(null);
    setNeedsProfile(false);
    try {
      const answer = await options.send(form);
      if (user !== null) assuranceChanged(answer.assuranceChoice, answer.userRequirements);
      setResult(answer);
    } catch (error) {
      const failure = checkFailure(error);
      if (failure.kind === 'login') {
        clearLogin();
        void navigate('/login', { replace: true });
        return;
      }
      if (failure.kind === 'refused') {
        setServerErrors(failure.errors);
        setRefusals((count) => count + 1);
      } else {
        setMessage(failure.message);
        setNeedsProfile(failure.kind === 'profile');
      }
    } finally {
      setBusy(false);
    }
  }

  /** The error summary's lines: every field's message now, linked to its (first wrong) input. */
  const summary = summaryErrors(fields, errorOf, (field) =>
    options.dates?.[field] === undefined ? idOf(field) : dateErrorTarget(idOf(field), form[field]),
  );

  return {
    form,
    fieldProps,
    submit,
    busy,
    message,
    needsProfile,
    setMessage,
    result,
    active,
    summary,
    refusals,
  };
}
