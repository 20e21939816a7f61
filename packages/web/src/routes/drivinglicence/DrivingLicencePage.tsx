import { isoToday, licenceFormErrors, type LicenceForm } from '@verity/contracts';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { verifyDrivingLicence } from '../../api/verification';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { DocumentCheckOutcome } from '../../components/checks/DocumentCheckOutcome';
import { CheckTextField } from '../../components/checks/CheckTextField';
import { DeclineButton } from '../../components/checks/DeclineButton';
import { DateInput } from '../../components/form/DateInput';
import { ErrorSummary } from '../../components/form/ErrorSummary';
import { useCheckForm } from '../../components/checks/useCheckForm';
import { BusyButton } from '../../components/form/BusyButton';
import { CheckAlert } from '../../components/checks/CheckAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checksCopy } from '../../copy/checks';
import { formsCopy } from '../../copy/forms';
import { LicenceImage } from './LicenceImage';

/** /DrivingLicence: the licence's numbered fields, checked against the DVLA's records. */
export function DrivingLicencePage() {
  return (
    <RequireSignedIn>
      <DrivingLicence />
    </RequireSignedIn>
  );
}

const empty: LicenceForm = {
  surname: '',
  given: '',
  dob: '',
  issue: '',
  expiry: '',
  number: '',
  postcode: '',
};

function DrivingLicence() {
  const differentOption = useDifferentOption();
  const today = isoToday();
  const { fieldProps, submit, busy, message, needsProfile, result, active, summary, refusals } =
    useCheckForm({
      empty,
      idPrefix: 'licence',
      validate: (form: LicenceForm) => licenceFormErrors(form, today),
      dates: {
        dob: checksCopy.licenceDob,
        issue: checksCopy.licenceIssue,
        expiry: checksCopy.licenceExpiry,
      },
      send: verifyDrivingLicence,
    });

  if (result) {
    return <DocumentCheckOutcome title={checksCopy.licenceTitle} verified={result.verified} />;
  }

  return (
    <>
      <PageHeading>{checksCopy.licenceTitle}</PageHeading>
      <p className="lead">{checksCopy.licenceIntro}</p>
      <Row>
        <Col md={7} lg={6}>
          <ErrorSummary errors={summary} focusRequest={refusals} />
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={checksCopy.licenceTitle}
          >
            <CheckTextField
              label={checksCopy.licenceSurname}
              upperCase
              autoComplete="family-name"
              {...fieldProps('surname')}
            />
            <CheckTextField
              label={checksCopy.licenceGiven}
              upperCase
              autoComplete="given-name"
              {...fieldProps('given')}
            />
            <DateInput legend={checksCopy.licenceDob} birthDate {...fieldProps('dob')} />
            <DateInput legend={checksCopy.licenceIssue} {...fieldProps('issue')} />
            <DateInput
              legend={checksCopy.licenceExpiry}
              hint={formsCopy.futureDateHint}
              {...fieldProps('expiry')}
            />
            <CheckTextField label={checksCopy.licenceNumber} upperCase {...fieldProps('number')} />
            <CheckTextField
              label={checksCopy.licencePostcode}
              upperCase
              autoComplete="postal-code"
              autoCapitalize="characters"
              {...fieldProps('postcode')}
            />
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <BusyButton
                busy={busy}
                label={checksCopy.continue}
                busyLabel={checksCopy.verifying}
              />
              <DeclineButton check="DrivingLicence" document="driving licence" />
              <Button variant="link" type="button" onClick={() => void differentOption()}>
                {checksCopy.differentOption}
              </Button>
            </div>
            <CheckAlert message={message} needsProfile={needsProfile} />
          </Form>
        </Col>
        <Col md={5} lg={6} className="d-none d-md-block">
          <LicenceImage active={active} />
        </Col>
      </Row>
    </>
  );
}
