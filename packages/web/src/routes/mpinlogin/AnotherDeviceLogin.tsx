import type { PinAccessPoll } from '@verity/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../api/client';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { pinAccessCopy } from '../../copy/pinAccess';
import { CrossDeviceClient } from '../../pin/crossDeviceClient';
import { browserStorage } from '../../state/browserStorage';

const POLL_MS = 2000;

interface Waiting {
  webOTT: string;
  accessURL: string;
  accessNumber: string;
  qrImage?: string;
  status: PinAccessPoll['status'];
}

/** '12345678' → '1234 5678', as it is easier to read out and type. */
export const groupedNumber = (number: string) => `${number.slice(0, 4)} ${number.slice(4)}`;

/**
 * The waiting browser of cross-device PIN login: an access number and a QR code (or a push to
 * the devices of a named user), polled until another device approves with its PIN; then this
 * browser is signed in (once) and `onSignedIn` continues.
 */
export function AnotherDeviceLogin({
  customerId,
  requestId,
  onSignedIn,
}: {
  customerId: string;
  requestId?: string;
  /** With `actToken` when the approving device also let this browser register its own PIN. */
  onSignedIn(result: PinAccessPoll, actToken?: string): void;
}) {
  const client = useMemo(
    () =>
      new CrossDeviceClient({
        server: `${window.location.origin}/api/mpin`,
        customerId,
        storage: browserStorage('localStorage'),
      }),
    [customerId],
  );
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  async function start(push: boolean) {
    setBusy(true);
    setError(null);
    try {
      const access = push ? await client.pushAuth(email) : await client.fetchAccessId();
      setWaiting({ ...access, status: 'new' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  const webOTT = waiting?.webOTT;
  const accessURL = waiting?.accessURL;
  useEffect(() => {
    if (!webOTT || !accessURL) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const answer = await client.poll(accessURL, webOTT, requestId);
        if (stopped) return;
        if (answer.status === 'approved') {
          const registration = answer.register
            ? await client.confirmVerification(webOTT).catch(() => undefined)
            : undefined;
          return onSignedIn(answer, registration?.actToken);
        }
        setWaiting((current) => current && { ...current, status: answer.status });
        if (answer.status !== 'expired' && answer.status !== 'declined')
          timer = setTimeout(() => void tick(), POLL_MS);
      } catch (failure) {
        if (stopped) return;
        if (failure instanceof ApiError && failure.status === 429)
          timer = setTimeout(() => void tick(), POLL_MS * 5);
        else setWaiting((current) => current && { ...current, status: 'expired' });
      }
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, webOTT, accessURL, requestId, onSignedIn]);

  if (!waiting) {
    return (
      <section aria-labelledby="another-device" className="mt-4">
        <h2 id="another-device" className="h5">
          {pinAccessCopy.useAnotherDevice}
        </h2>
        <p>{pinAccessCopy.anotherDeviceIntro}</p>
        <BusyButton
          type="button"
          variant="outline-primary"
          busy={busy}
          label={pinAccessCopy.showNumber}
          busyLabel={pinAccessCopy.lookingUp}
          onClick={() => void start(false)}
        />
        <Form
          className="mt-3"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void start(true);
          }}
        >
          <Form.Group controlId="push-email">
            <Form.Label>{pinAccessCopy.pushLabel}</Form.Label>
            <Form.Control
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Form.Group>
          <BusyButton
            className="mt-2"
            variant="outline-secondary"
            busy={busy}
            label={pinAccessCopy.pushSend}
            busyLabel={pinAccessCopy.pushSending}
          />
        </Form>
        <FormAlert message={error} />
      </section>
    );
  }

  return (
    <section aria-labelledby="another-device" className="mt-4">
      <h2 id="another-device" className="h5">
        {pinAccessCopy.useAnotherDevice}
      </h2>
      {waiting.status === 'expired' || waiting.status === 'declined' ? (
        <>
          <FormAlert
            message={
              waiting.status === 'declined' ? pinAccessCopy.declinedThere : pinAccessCopy.expired
            }
            variant="warning"
          />
          <Button variant="outline-primary" onClick={() => setWaiting(null)}>
            {pinAccessCopy.newNumber}
          </Button>
        </>
      ) : (
        <>
          {waiting.qrImage ? (
            <>
              <img src={waiting.qrImage} alt={pinAccessCopy.qrAlt} width={200} height={200} />
              <p>{pinAccessCopy.approvePath(window.location.origin)}</p>
            </>
          ) : (
            <p>{pinAccessCopy.pushSent(groupedNumber(waiting.accessNumber))}</p>
          )}
          <p>
            {pinAccessCopy.accessNumber}:{' '}
            <strong className="fs-3 font-monospace" data-testid="access-number">
              {groupedNumber(waiting.accessNumber)}
            </strong>
          </p>
          <p role="status" aria-live="polite">
            {waiting.status === 'scanned' ? pinAccessCopy.scanned : pinAccessCopy.waiting}
          </p>
          <Button variant="link" className="p-0" onClick={() => setWaiting(null)}>
            {pinAccessCopy.cancel}
          </Button>
        </>
      )}
    </section>
  );
}
