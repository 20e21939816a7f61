import type { CheckResult } from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../state/authContext';
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
  const errors = options.validate(form);
  const fields = Object.keys(options.empty) as Array<keyof Form>;

  const errorOf = (field: keyof Form): string | null =>
    touched.has(field) ? (errors[field] ?? serverErrors[field as string] ?? null) || null : null;

  const fieldProps = (field: keyof Form) => ({
    id: `${options.idPrefix}-${String(field)}`,
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
    const first = fields.find((field) => errors[field]);
    if (first !== undefined) {
      document.getElementById(`${options.idPrefix}-${String(first)}`)?.focus();
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
      if (failure.kind === 'refused') setServerErrors(failure.errors);
      else {
        setMessage(failure.message);
        setNeedsProfile(failure.kind === 'profile');
      }
    } finally {
      setBusy(false);
    }
  }

  return { form, fieldProps, submit, busy, message, needsProfile, setMessage, result, active };
}
