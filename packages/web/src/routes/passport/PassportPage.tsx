import { isoToday, passportFormErrors, type PassportForm } from '@verity/contracts';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { verifyPassport } from '../../api/verification';
import { DeclineButton } from '../../components/checks/DeclineButton';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { DocumentCheckOutcome } from '../../components/checks/DocumentCheckOutcome';
import { CheckTextField } from '../../components/checks/CheckTextField';
import { DateInput } from '../../components/form/DateInput';
import { ErrorSummary } from '../../components/form/ErrorSummary';
import { BusyButton } from '../../components/form/BusyButton';
import { CheckAlert } from '../../components/checks/CheckAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checksCopy } from '../../copy/checks';
import { formsCopy } from '../../copy/forms';
import { useCheckForm } from '../../components/checks/useCheckForm';

/** /Passport: the passport's details, checked against the issuer's records. */
export function PassportPage() {
  return (
    <RequireSignedIn>
      <Passport />
    </RequireSignedIn>
  );
}

const empty: PassportForm = { number: '', surname: '', given: '', dob: '', expiry: '' };

function Passport() {
  const differentOption = useDifferentOption();
  const today = isoToday();
  const { fieldProps, submit, busy, message, needsProfile, result, summary, refusals } =
    useCheckForm({
      empty,
      idPrefix: 'passport',
      validate: (form: PassportForm) => passportFormErrors(form, today),
      dates: { dob: checksCopy.dateOfBirth, expiry: checksCopy.expiryDate },
      send: verifyPassport,
    });

  if (result) {
    return <DocumentCheckOutcome title={checksCopy.passportTitle} verified={result.verified} />;
  }

  return (
    <>
      <PageHeading>{checksCopy.passportTitle}</PageHeading>
      <p className="lead">{checksCopy.passportIntro}</p>
      <Row>
        <Col md={8} lg={6}>
          <ErrorSummary errors={summary} focusRequest={refusals} />
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={checksCopy.passportTitle}
          >
            <CheckTextField
              label={checksCopy.passportNumber}
              {...fieldProps('number')}
              inputMode="numeric"
            />
            <CheckTextField
              label={checksCopy.surname}
              {...fieldProps('surname')}
              upperCase
              autoComplete="family-name"
            />
            <CheckTextField
              label={checksCopy.givenNames}
              {...fieldProps('given')}
              upperCase
              autoComplete="given-name"
            />
            <DateInput legend={checksCopy.dateOfBirth} birthDate {...fieldProps('dob')} />
            <DateInput
              legend={checksCopy.expiryDate}
              hint={formsCopy.futureDateHint}
              {...fieldProps('expiry')}
            />
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <BusyButton
                busy={busy}
                label={checksCopy.continue}
                busyLabel={checksCopy.verifying}
              />
              <DeclineButton check="Passport" document="passport" />
              <Button variant="link" type="button" onClick={() => void differentOption()}>
                {checksCopy.differentOption}
              </Button>
            </div>
            <CheckAlert message={message} needsProfile={needsProfile} />
          </Form>
        </Col>
      </Row>
    </>
  );
}
