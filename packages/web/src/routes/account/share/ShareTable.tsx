import type { Share } from '@verity/contracts';
import Table from 'react-bootstrap/Table';
import { shareCopy } from '../../../copy/account';

/** The spec's Email and Status table; emailSent reads 'Email sent', anything else 'Identity shared'. */
export function ShareTable({ shares }: { shares: readonly Share[] }) {
  if (shares.length === 0) return <p>{shareCopy.none}</p>;
  return (
    <Table striped bordered responsive>
      <thead>
        <tr>
          <th scope="col">{shareCopy.email}</th>
          <th scope="col">{shareCopy.status}</th>
        </tr>
      </thead>
      <tbody>
        {shares.map((share) => (
          <tr key={share.email}>
            <td>{share.email}</td>
            <td>{share.status === 'emailSent' ? shareCopy.emailSent : shareCopy.identityShared}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
