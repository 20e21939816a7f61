import { copy } from '../copy/common';
import Spinner from 'react-bootstrap/Spinner';
import { PageHeading } from './PageHeading';

export interface WaitScreenProps {
  clientName?: string | null;
  clientLogo?: string | null;
}

/** 'Please wait...' while the app talks to the server, with the client's logo if known. */
export function WaitScreen({ clientName, clientLogo }: WaitScreenProps) {
  return (
    <div className="text-center py-5" aria-busy="true">
      {clientLogo ? (
        <img className="client-logo mb-4" src={clientLogo} alt={`${clientName ?? 'Client'} logo`} />
      ) : null}
      <div>
        <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
      </div>
      <PageHeading className="h4">{copy.wait}</PageHeading>
    </div>
  );
}
