import type { AccountConsents } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/Alert';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { fetchConsents, withdrawConsent } from '../../../api/account';
import { BusyButton } from '../../../components/form/BusyButton';
import { FormAlert } from '../../../components/form/FormAlert';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { consentsCopy } from '../../../copy/account';
import { screensCopy } from '../../../copy/navigation';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'long' });

/** account/consents: the services the user agreed to share details with, and withdrawal. */
export function ConsentsPage() {
  return (
    <RequireAccountUser>
      <Consents />
    </RequireAccountUser>
  );
}

function Consents() {
  const [list, setList] = useState<AccountConsents | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchConsents({ signal: controller.signal }).then(setList, () => {
      if (!controller.signal.aborted) setLoadFailed(true);
    });
    return () => controller.abort();
  }, []);

  async function withdraw(clientId: string, clientName: string) {
    if (busy) return;
    setBusy(clientId);
    setMessage(null);
    try {
      setList(await withdrawConsent(clientId));
      setMessage({ text: consentsCopy.withdrawn(clientName), ok: true });
    } catch {
      setMessage({ text: consentsCopy.failed, ok: false });
    }
    setBusy(null);
  }

  return (
    <>
      <PageHeading>{consentsCopy.title}</PageHeading>
      <p>{consentsCopy.intro}</p>
      {loadFailed ? (
        <Alert variant="danger">{consentsCopy.failed}</Alert>
      ) : list === null ? (
        <Spinner animation="border" role="status" aria-label={screensCopy.loading} />
      ) : list.consents.length === 0 ? (
        <p>{consentsCopy.none}</p>
      ) : (
        <Table striped bordered responsive>
          <thead>
            <tr>
              <th scope="col">{consentsCopy.service}</th>
              <th scope="col">{consentsCopy.details}</th>
              <th scope="col">{consentsCopy.since}</th>
              <th scope="col">
                <span className="visually-hidden">{screensCopy.action}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.consents.map((consent) => (
              <tr key={consent.clientId}>
                <th scope="row">{consent.clientName}</th>
                <td>{consent.details.join(', ')}</td>
                <td>
                  {day(consent.updated)}
                  {consent.signedWithPin ? (
                    <div className="small text-body-secondary">{consentsCopy.signedWithPin}</div>
                  ) : null}
                </td>
                <td>
                  <BusyButton
                    type="button"
                    variant="outline-danger"
                    size="sm"
                    busy={busy === consent.clientId}
                    label={consentsCopy.withdrawLabel}
                    busyLabel={consentsCopy.withdrawing}
                    disabled={busy !== null}
                    aria-label={consentsCopy.withdraw(consent.clientName)}
                    onClick={() => void withdraw(consent.clientId, consent.clientName)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <div aria-live="polite">
        {message ? (
          <FormAlert message={message.text} variant={message.ok ? 'success' : 'danger'} />
        ) : null}
      </div>
    </>
  );
}
