import { cardFormErrors, groupCardNumber, isoToday, type CardForm } from '@verity/contracts';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { verifyCard } from '../../api/verification';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { DocumentCheckOutcome } from '../../components/checks/DocumentCheckOutcome';
import { CheckTextField } from '../../components/checks/CheckTextField';
import { ErrorSummary } from '../../components/form/ErrorSummary';
import { useCheckForm } from '../../components/checks/useCheckForm';
import { BusyButton } from '../../components/form/BusyButton';
import { CheckAlert } from '../../components/checks/CheckAlert';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checkLabels, checksCopy } from '../../copy/checks';
import { CardPreview } from './CardPreview';

/** /CreditCard: a credit or debit card (its range tells which), with a live preview. */
export function CreditCardPage() {
  return (
    <RequireSignedIn>
      <CreditCard />
    </RequireSignedIn>
  );
}

const empty: CardForm = { number: '', name: '', expiry: '' };

function CreditCard() {
  const differentOption = useDifferentOption();
  const today = isoToday();
  const { form, fieldProps, submit, busy, message, needsProfile, result, summary, refusals } =
    useCheckForm({
      empty,
      idPrefix: 'card',
      validate: (values: CardForm) => cardFormErrors(values, today),
      send: verifyCard,
    });

  if (result) {
    // Named as the card was: a debit card is 'Debit Card' (check registry), never 'DebitCard'.
    return <DocumentCheckOutcome title={checkLabels[result.check]} verified={result.verified} />;
  }

  const number = fieldProps('number');
  return (
    <>
      <PageHeading>{checksCopy.cardTitle}</PageHeading>
      <p className="lead">{checksCopy.cardIntro}</p>
      <Row>
        <Col md={7} lg={6}>
          <ErrorSummary errors={summary} focusRequest={refusals} />
          <Form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-label={checksCopy.cardTitle}
          >
            <CheckTextField
              label={checksCopy.cardNumber}
              inputMode="numeric"
              autoComplete="cc-number"
              {...number}
              // Shown grouped as typed: 4-6-5 for American Express, otherwise fours.
              onChange={(value) =>
                number.onChange(/[^\d\s-]/.test(value) ? value : groupCardNumber(value))
              }
            />
            <CheckTextField
              label={checksCopy.cardName}
              upperCase
              autoComplete="cc-name"
              {...fieldProps('name')}
            />
            <CheckTextField
              label={`${checksCopy.cardExpiry} (${checksCopy.cardExpiryHint})`}
              inputMode="numeric"
              autoComplete="cc-exp"
              {...fieldProps('expiry')}
            />
            <div className="d-flex flex-wrap gap-2 align-items-center">
              <BusyButton
                busy={busy}
                label={checksCopy.continue}
                busyLabel={checksCopy.verifying}
              />
              <Button variant="link" type="button" onClick={() => void differentOption()}>
                {checksCopy.differentOption}
              </Button>
            </div>
            <CheckAlert message={message} needsProfile={needsProfile} />
          </Form>
        </Col>
        <Col md={5} lg={6} className="mt-4 mt-md-0">
          <CardPreview number={form.number} name={form.name} expiry={form.expiry} />
        </Col>
      </Row>
    </>
  );
}
