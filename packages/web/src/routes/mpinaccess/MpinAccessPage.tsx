import type { PinAccessDetails } from '@verity/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { PageHeading } from '../../components/PageHeading';
import { BusyButton } from '../../components/form/BusyButton';
import { FormAlert } from '../../components/form/FormAlert';
import { PinPad } from '../../components/pinPad/PinPad';
import type { PinPadMode, PinPadSubmit } from '../../components/pinPad/pinPadState';
import { brand } from '../../copy/brand';
import { pinAccessCopy } from '../../copy/pinAccess';
import { CrossDeviceClient } from '../../pin/crossDeviceClient';
import { listAllIdentities, listIdentities, type PinIdentity } from '../../pin/identities';
import { browserStorage } from '../../state/browserStorage';
import { groupedNumber } from '../mpinlogin/AnotherDeviceLogin';
import { pinLoginFailure } from '../mpinlogin/pinLoginFailure';

const clientFor = (customerId: string) =>
  new CrossDeviceClient({
    server: `${window.location.origin}/api/mpin`,
    customerId,
    storage: browserStorage('localStorage'),
  });

const message = (failure: unknown) =>
  failure instanceof Error ? failure.message : String(failure);

/**
 * /mpinaccess: the approving device of cross-device PIN login. Reached from the QR code (the
 * access id in the fragment), by typing the access number, or from the list of push requests
 * for this device's identities. The user sees what they approve (the client, the waiting
 * browser as it describes itself, the access number to compare, a warning when it is on
 * another network), picks an identity and enters the PIN; the proof signs the other browser in.
 */
export function MpinAccessPage() {
  const local = useMemo(() => browserStorage('localStorage'), []);
  const [details, setDetails] = useState<PinAccessDetails | null>(null);
  const [pending, setPending] = useState<PinAccessDetails[]>([]);
  const [typed, setTyped] = useState('');
  // The QR link's access id, read once on arrival.
  const [linkedAccessId] = useState(() => window.location.hash.slice(1));
  const [busy, setBusy] = useState(linkedAccessId !== '');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<'approved' | 'declined' | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [mode, setMode] = useState<PinPadMode>('login');
  const [alsoRegister, setAlsoRegister] = useState(false);

  const identities: PinIdentity[] = details
    ? listIdentities(local, details.clientId).filter((i) => i.state === 'REGISTERED')
    : [];
  const identity = identities.find((i) => i.userId === chosen) ?? identities[0];

  async function lookUp(by: { accessId: string } | { accessNumber: string }) {
    setBusy(true);
    setError(null);
    try {
      // The lookup names no client (the answer says which): any customer id does.
      setDetails(await clientFor('lookup').lookup(by));
      setMode('login');
    } catch (failure) {
      setError(message(failure));
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    let cancelled = false;
    if (linkedAccessId) {
      // The access id leaves the address bar and history at once.
      window.history.replaceState(null, '', window.location.pathname);
      clientFor('lookup')
        .lookup({ accessId: linkedAccessId })
        .then(
          (found) => !cancelled && setDetails(found),
          (failure: unknown) => !cancelled && setError(message(failure)),
        )
        .finally(() => !cancelled && setBusy(false));
    } else {
      void (async () => {
        const found: PinAccessDetails[] = [];
        for (const saved of listAllIdentities(local).filter((i) => i.state === 'REGISTERED')) {
          const answer = await clientFor(saved.customerId)
            .pending(saved)
            .catch(() => []);
          found.push(
            ...answer.filter((p) => !found.some((f) => f.accessNumber === p.accessNumber)),
          );
        }
        if (!cancelled) setPending(found);
      })();
    }
    return () => {
      cancelled = true;
    };
  }, [linkedAccessId, local]);

  async function approve({ pin }: PinPadSubmit) {
    if (!details || !identity) return;
    setBusy(true);
    setError(null);
    try {
      const client = clientFor(details.clientId);
      if (alsoRegister)
        await client.approveAndRegister(identity.userId, pin, details.accessId, details.deviceName);
      else await client.approve(identity.userId, pin, details.accessId);
      setOutcome('approved');
    } catch (failure) {
      // Approving signs this device in with its PIN: the login's texts.
      const shown = pinLoginFailure(failure);
      if (shown.kind === 'revoked') setMode('revoked');
      else setError(shown.message);
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    return (
      <>
        <PageHeading>{pinAccessCopy.approveTitle}</PageHeading>
        <FormAlert
          message={outcome === 'approved' ? pinAccessCopy.approved : pinAccessCopy.declined}
          variant={outcome === 'approved' ? 'success' : 'info'}
        />
      </>
    );
  }

  if (!details) {
    return (
      <>
        <PageHeading>{pinAccessCopy.approveTitle}</PageHeading>
        <Form
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            void lookUp({ accessNumber: typed });
          }}
        >
          <Form.Group controlId="access-number">
            <Form.Label>{pinAccessCopy.typeNumber}</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
            />
          </Form.Group>
          <BusyButton
            className="mt-2"
            busy={busy}
            disabled={typed.replace(/\D/g, '').length !== 8}
            label={pinAccessCopy.lookUp}
            busyLabel={pinAccessCopy.lookingUp}
          />
        </Form>
        <FormAlert message={error} />
        <h2 className="h5 mt-4">{pinAccessCopy.pendingTitle}</h2>
        {pending.length === 0 ? (
          <p>{pinAccessCopy.noPending}</p>
        ) : (
          <ListGroup>
            {pending.map((p) => (
              <ListGroup.Item key={p.accessNumber} className="d-flex justify-content-between">
                <span>
                  {p.clientName}: {p.deviceName} ({groupedNumber(p.accessNumber)})
                </span>
                <Button size="sm" onClick={() => setDetails(p)}>
                  {pinAccessCopy.review}
                </Button>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeading>{pinAccessCopy.approveQuestion(details.clientName)}</PageHeading>
      <p>{pinAccessCopy.requester(details.deviceName, details.age)}</p>
      <p>
        {pinAccessCopy.compareNumber}{' '}
        <strong className="fs-4 font-monospace" data-testid="approve-number">
          {groupedNumber(details.accessNumber)}
        </strong>
      </p>
      {details.sameNetwork ? null : (
        <FormAlert message={pinAccessCopy.otherNetwork} variant="warning" />
      )}
      {identity ? (
        <>
          {identities.length > 1 ? (
            <Form.Group controlId="approve-as" className="mb-3">
              <Form.Label>{pinAccessCopy.chooseIdentity}</Form.Label>
              <Form.Select value={identity.userId} onChange={(e) => setChosen(e.target.value)}>
                {identities.map((i) => (
                  <option key={i.userId} value={i.userId}>
                    {i.display}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ) : (
            <p>
              {pinAccessCopy.chooseIdentity}: {identity.display}
            </p>
          )}
          <Form.Check
            id="also-register"
            className="mb-3"
            label={pinAccessCopy.alsoRegister}
            checked={alsoRegister}
            onChange={(event) => setAlsoRegister(event.target.checked)}
          />
          <PinPad
            mode={mode}
            length={identity.pinLength}
            product={brand.product}
            clientName={details.clientName}
            error={error}
            busy={busy}
            onSubmit={(value) => void approve(value)}
          />
        </>
      ) : (
        <FormAlert message={pinAccessCopy.noIdentity(details.clientName)} variant="info" />
      )}
      <Button
        variant="link"
        className="mt-3 p-0"
        disabled={busy}
        onClick={() =>
          void clientFor(details.clientId)
            .decline(details.accessId)
            .catch(() => undefined)
            .then(() => setOutcome('declined'))
        }
      >
        {pinAccessCopy.decline}
      </Button>
    </>
  );
}
