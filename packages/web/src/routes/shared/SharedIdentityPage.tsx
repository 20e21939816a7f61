import type { SharedIdentity } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import Badge from 'react-bootstrap/Badge';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { openSharedIdentity } from '../../api/share';
import { PageHeading } from '../../components/PageHeading';
import { sharedCopy } from '../../copy/account';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'long', timeStyle: 'short' });

type Shown =
  | { kind: 'loading' }
  | { kind: 'shown'; identity: SharedIdentity }
  | { kind: 'invalid' }
  | { kind: 'failed' };

/**
 * /shared#token: the page a share's recipient opens from their e-mail. The token is in the
 * fragment, which browsers never send to a server, and reaches Verity only in a POST body.
 */
export function SharedIdentityPage() {
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const [shown, setShown] = useState<Shown>({ kind: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    openSharedIdentity(token, { signal: controller.signal }).then(
      (identity) => setShown({ kind: 'shown', identity }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const invalid =
          error instanceof ApiError &&
          (error.code === 'share_link_invalid' || error.code === 'validation_failed');
        setShown({ kind: invalid ? 'invalid' : 'failed' });
      },
    );
    return () => controller.abort();
  }, [token]);

  return (
    <>
      <PageHeading>{sharedCopy.title}</PageHeading>
      {shown.kind === 'loading' ? (
        <Spinner animation="border" role="status" aria-label={sharedCopy.opening} />
      ) : shown.kind === 'invalid' ? (
        <Alert variant="warning">{sharedCopy.invalid}</Alert>
      ) : shown.kind === 'failed' ? (
        <Alert variant="danger">{sharedCopy.failed}</Alert>
      ) : (
        <Summary identity={shown.identity} />
      )}
    </>
  );
}

function Summary({ identity }: { identity: SharedIdentity }) {
  return (
    <>
      <p className="lead">{sharedCopy.intro}</p>
      <dl className="row">
        <dt className="col-sm-3">{sharedCopy.name}</dt>
        <dd className="col-sm-9">
          {identity.name ?? sharedCopy.noName}{' '}
          {identity.name === null ? null : identity.nameVerified ? (
            <Badge bg="success">{sharedCopy.nameVerified}</Badge>
          ) : (
            <span className="text-body-secondary">{sharedCopy.nameNotVerified}</span>
          )}
        </dd>
      </dl>
      <h2 className="h4">{sharedCopy.verified}</h2>
      {identity.verification.length === 0 ? (
        <p>{sharedCopy.nothingVerified}</p>
      ) : (
        <Table striped bordered responsive>
          <thead>
            <tr>
              <th scope="col">{sharedCopy.check}</th>
              <th scope="col">{sharedCopy.how}</th>
              <th scope="col">{sharedCopy.when}</th>
            </tr>
          </thead>
          <tbody>
            {identity.verification.map((item) => (
              <tr key={`${item.name}-${item.dateTime}`}>
                <td>{item.name}</td>
                <td>{item.verified}</td>
                <td>{when(item.dateTime)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p className="text-body-secondary">{sharedCopy.expires(when(identity.expires))}</p>
    </>
  );
}
