import {
  earliestDocumentDate,
  isoToday,
  passportFormErrors,
  type CheckResult,
  type PassportForm,
} from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useNavigate } from 'react-router';
import { declineCheck, verifyPassport } from '../../api/verification';
import { CheckOutcome } from '../../components/checks/CheckOutcome';
import { CheckTextField } from '../../components/checks/CheckTextField';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { checkFailure } from '../../components/checks/checkFailure';

/** /Passport: the passport's details, checked against the issuer's records. */
export function PassportPage() {
  return (
    <RequireSignedIn>
      <Passport />
    </RequireSignedIn>
  );
}

const empty: PassportForm = { number: '', surname: '', given: '', dob: '', expiry: '' };
const fieldOrder: Array<keyof PassportForm> = ['number', 'surname', 'given', 'dob', 'expiry'];

function Passport() {
  const { requestId, user, clearLogin, assuranceChanged, nextStep } = useAuth();
  const navigate = useNavigate();
  const differentOption = useDifferentOption();
  const [form, setForm] = useState<PassportForm>(empty);
  const [touched, setTouched] = useState<Set<keyof PassportForm>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<CheckResult | null>(null);

  const errors = passportFormErrors(form, isoToday());
  const errorOf = (field: keyof PassportForm) =>
    touched.has(field) ? (errors[field] ?? serverErrors[field] ?? null) : null;
  const change = (field: keyof PassportForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => ({ ...current, [field]: '' }));
  };
  const touch = (field: keyof PassportForm) => () =>
    setTouched((current) => new Set(current).add(field));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setTouched(new Set(fieldOrder));
    const first = fieldOrder.find((field) => errors[field]);
    if (first) {
      document.getElementById(`passport-${first}`)?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const answer = await verifyPassport(form);
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
      else setMessage(failure.message);
    } finally {
      setBusy(false);
    }
  }

  async function decline() {
    if (requestId === null) return;
    try {
      const answer = await declineCheck(requestId, 'Passport');
      assuranceChanged(answer.assuranceChoice, answer.userRequirements);
      void navigate('/VerifyOptions');
    } catch {
      setMessage(checksCopy.checkError);
    }
  }

  if (result) {
    return (
      <CheckOutcome
        title={checksCopy.passportTitle}
        verified={result.verified}
        message={
          result.verified
            ? checksCopy.success(checksCopy.passportTitle)
            : checksCopy.failure(checksCopy.passportTitle)
        }
        continueLabel={checksCopy.continue}
        differentOptionLabel={checksCopy.differentOption}
        onContinue={() => void navigate(user !== null ? nextStep() : '/')}
        onDifferentOption={() => void differentOption()}
      />
    );
  }

  const today = isoToday();
  return (
    <>
      <PageHeading>{checksCopy.passportTitle}</PageHeading>
      <p className="lead">{checksCopy.passportIntro}</p>
      <Row>
        <Col md={8} lg={6}>
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={checksCopy.passportTitle}
          >
            <CheckTextField
              id="passport-number"
              label={checksCopy.passportNumber}
              value={form.number}
              error={errorOf('number')}
              inputMode="numeric"
              onChange={change('number')}
              onBlur={touch('number')}
            />
            <CheckTextField
              id="passport-surname"
              label={checksCopy.surname}
              value={form.surname}
              error={errorOf('surname')}
              upperCase
              autoComplete="family-name"
              onChange={change('surname')}
              onBlur={touch('surname')}
            />
            <CheckTextField
              id="passport-given"
              label={checksCopy.givenNames}
              value={form.given}
              error={errorOf('given')}
              upperCase
              autoComplete="given-name"
              onChange={change('given')}
              onBlur={touch('given')}
            />
            <CheckTextField
              id="passport-dob"
              label={checksCopy.dateOfBirth}
              type="date"
              min={earliestDocumentDate}
              max={today}
              value={form.dob}
              error={errorOf('dob')}
              autoComplete="bday"
              onChange={change('dob')}
              onBlur={touch('dob')}
            />
            <CheckTextField
              id="passport-expiry"
              label={checksCopy.expiryDate}
              type="date"
              value={form.expiry}
              error={errorOf('expiry')}
              onChange={change('expiry')}
              onBlur={touch('expiry')}
            />
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <BusyButton
                busy={busy}
                label={checksCopy.continue}
                busyLabel={checksCopy.verifying}
              />
              {requestId !== null ? (
                <Button variant="link" type="button" onClick={() => void decline()}>
                  {checksCopy.cannotDo('passport')}
                </Button>
              ) : null}
              <Button variant="link" type="button" onClick={() => void differentOption()}>
                {checksCopy.differentOption}
              </Button>
            </div>
            <FormAlert message={message} />
          </Form>
        </Col>
      </Row>
    </>
  );
}
