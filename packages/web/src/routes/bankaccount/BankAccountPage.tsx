import { bankAccountFields, type CheckResult } from '@verity/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import { Navigate, useNavigate } from 'react-router';
import { verifyBankAccount } from '../../api/openBanking';
import { CheckOutcome } from '../../components/checks/CheckOutcome';
import { DynamicForm, type SubmitResult } from '../../components/dynamicForm/DynamicForm';
import type { ProfileValues } from '../../api/profile';
import { stepFailure } from '../profile/stepOutcome';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';
import { openBankingCopy as text } from '../../copy/openBanking';
import { useAuth } from '../../state/authContext';
import { bankAccountFailure, type BankAccountFailure } from './bankAccountOutcome';

/** /BankAccount: the check runs on open (spec); not signed in goes to /login. */
/** contracts' bankAccountFields, titled in the language of the screens. */
function bankFields() {
  const titles: Record<string, string> = text.bankFieldTitles;
  return bankAccountFields.map((field) => ({ ...field, title: titles[field.name] ?? field.title }));
}

export function BankAccountPage() {
  return (
    <RequireSignedIn>
      <BankAccount />
    </RequireSignedIn>
  );
}

type State =
  | { status: 'checking' }
  | { status: 'details' }
  | { status: 'done'; result: CheckResult }
  | { status: 'failed'; failure: Exclude<BankAccountFailure, { kind: 'details' }> };

function BankAccount() {
  const auth = useAuth();
  const navigate = useNavigate();
  const differentOption = useDifferentOption();
  const [state, setState] = useState<State>({ status: 'checking' });
  const started = useRef(false);

  const check = useCallback(() => {
    setState({ status: 'checking' });
    verifyBankAccount(auth.requestId).then(
      (result) => {
        if (auth.user !== null)
          auth.assuranceChanged(result.assuranceChoice, result.userRequirements);
        setState({ status: 'done', result });
      },
      (error: unknown) => {
        const failure = bankAccountFailure(error);
        if (failure.kind === 'login') auth.clearLogin();
        setState(
          failure.kind === 'details' ? { status: 'details' } : { status: 'failed', failure },
        );
      },
    );
  }, [auth]);

  /** The typed account: refused fields stay on the form, any other answer is the check's. */
  const checkTyped = useCallback(
    async (values: ProfileValues): Promise<SubmitResult> => {
      try {
        const result = await verifyBankAccount(auth.requestId, {
          sort_code: String(values.sort_code ?? ''),
          account_number: String(values.account_number ?? ''),
        });
        if (auth.user !== null)
          auth.assuranceChanged(result.assuranceChoice, result.userRequirements);
        setState({ status: 'done', result });
      } catch (error) {
        const refused = stepFailure(error);
        if (refused.kind === 'refused') return refused;
        const failure = bankAccountFailure(error);
        if (failure.kind === 'login') auth.clearLogin();
        setState(
          failure.kind === 'details' ? { status: 'details' } : { status: 'failed', failure },
        );
      }
      return { kind: 'done' };
    },
    [auth],
  );

  useEffect(() => {
    // Once, also under StrictMode: each run counts as an attempt on the server.
    if (started.current) return;
    started.current = true;
    check();
  }, [check]);

  if (state.status === 'checking')
    return <WaitScreen clientName={auth.client?.clientName} clientLogo={auth.client?.clientLogo} />;
  if (state.status === 'details')
    return (
      <>
        <PageHeading step="details">{text.bankAccountTitle}</PageHeading>
        <p className="mt-3">{text.bankDetailsIntro}</p>
        <DynamicForm
          fields={bankFields()}
          label={text.bankDetailsLabel}
          submitLabel={text.checkAccount}
          busyLabel={text.checkingAccount}
          onSubmit={checkTyped}
        />
      </>
    );
  if (state.status === 'done')
    return (
      <CheckOutcome
        title={text.bankAccountTitle}
        verified={state.result.verified}
        message={state.result.verified ? text.bankAccountSuccess : text.bankAccountFailure}
        continueLabel={checksCopy.continue}
        differentOptionLabel={checksCopy.differentOption}
        onContinue={() => void navigate(auth.nextStep())}
        onDifferentOption={() => void differentOption()}
      />
    );
  const { failure } = state;
  if (failure.kind === 'login') return <Navigate to="/login" replace />;
  if (failure.kind === 'kbv') return <Navigate to="/Kbv" replace />;
  if (failure.kind === 'mismatch')
    return (
      <>
        <PageHeading step="mismatch">{text.bankAccountTitle}</PageHeading>
        <Alert variant="danger" className="mt-3">
          {failure.message}
        </Alert>
        <Button onClick={() => void navigate('/Cancel')}>{text.returnButton}</Button>
      </>
    );
  return (
    <>
      <PageHeading step="failed">{text.bankAccountTitle}</PageHeading>
      <Alert variant="warning" className="mt-3">
        {failure.kind === 'network' ? text.bankAccountNetwork : failure.message}
      </Alert>
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={check}>{text.retry}</Button>
        <Button variant="outline-secondary" onClick={() => void differentOption()}>
          {checksCopy.differentOption}
        </Button>
      </div>
    </>
  );
}
