import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { sendContactMessage } from '../../api/contact';
import { PageHeading } from '../../components/PageHeading';
import { BusyButton } from '../../components/form/BusyButton';
import { EmailField } from '../../components/form/EmailField';
import { FormAlert } from '../../components/form/FormAlert';
import { contactCopy } from '../../copy/contact';
import { contactErrorMessage } from './contactError';

/** /contact: a message to the support address (first document, /contact). */
export function ContactPage() {
  const [sent, setSent] = useState(false);
  return (
    <>
      <PageHeading>{contactCopy.title}</PageHeading>
      <Row className="mt-3">
        <Col md={8} lg={6}>
          {sent ? <ThankYou /> : <ContactForm onSent={() => setSent(true)} />}
        </Col>
      </Row>
    </>
  );
}

/** Replaces the form once sent, and takes the focus the vanished button had. */
function ThankYou() {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <p ref={message} tabIndex={-1} role="status" className="lead">
      {contactCopy.sent}
    </p>
  );
}

function ContactForm({ onSent }: { onSent(): void }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [help, setHelp] = useState('');
  // The honeypot: people never see it, a bot that fills every field gives itself away.
  const [trap, setTrap] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const incomplete = email.trim() === '' || name.trim() === '' || help.trim() === '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (incomplete || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await sendContactMessage({
        email: email.trim(),
        name: name.trim(),
        help: help.trim(),
        a_password: trap,
      });
      onSent();
    } catch (error) {
      setMessage(contactErrorMessage(error));
      setBusy(false);
    }
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={contactCopy.title}>
      <p>{contactCopy.intro}</p>
      <EmailField id="contact-email" label={contactCopy.email} value={email} onChange={setEmail} />
      <Form.Group controlId="contact-name" className="mb-3">
        <Form.Label>{contactCopy.name}</Form.Label>
        <Form.Control
          type="text"
          value={name}
          onChange={(event: ChangeEvent<HTMLInputElement>) => setName(event.target.value)}
          autoComplete="name"
        />
      </Form.Group>
      <Form.Group controlId="contact-help" className="mb-3">
        <Form.Label>{contactCopy.help}</Form.Label>
        <Form.Control
          as="textarea"
          rows={6}
          value={help}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setHelp(event.target.value)}
        />
      </Form.Group>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor="contact-a-password">{contactCopy.honeypot}</label>
        <input
          id="contact-a-password"
          name="a_password"
          type="text"
          value={trap}
          onChange={(event) => setTrap(event.target.value)}
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <BusyButton
        busy={busy}
        label={contactCopy.send}
        busyLabel={contactCopy.sending}
        disabled={incomplete}
      />
      <FormAlert message={message} />
    </Form>
  );
}
