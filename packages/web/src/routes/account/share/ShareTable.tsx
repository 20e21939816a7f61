import type { Share } from '@verity/contracts';
import Table from 'react-bootstrap/Table';
import { BusyButton } from '../../../components/form/BusyButton';
import { shareCopy } from '../../../copy/account';

/**
 * The spec's Email and Status table; emailSent reads 'Email sent', anything else 'Identity
 * shared'. Each share can be withdrawn.
 */
export function ShareTable({
  shares,
  withdrawing,
  onWithdraw,
}: {
  shares: readonly Share[];
  /** The share being withdrawn, if any. */
  withdrawing: string | null;
  onWithdraw(share: Share): void;
}) {
  if (shares.length === 0) return <p>{shareCopy.none}</p>;
  return (
    <Table striped bordered responsive>
      <thead>
        <tr>
          <th scope="col">{shareCopy.email}</th>
          <th scope="col">{shareCopy.status}</th>
          <th scope="col">
            <span className="visually-hidden">{shareCopy.action}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shares.map((share) => (
          <tr key={share.id}>
            <td>{share.email}</td>
            <td>{share.status === 'emailSent' ? shareCopy.emailSent : shareCopy.identityShared}</td>
            <td>
              <BusyButton
                type="button"
                variant="outline-danger"
                size="sm"
                busy={withdrawing === share.id}
                label={shareCopy.withdrawLabel}
                busyLabel={shareCopy.withdrawing}
                disabled={withdrawing !== null}
                aria-label={shareCopy.withdraw(share.email)}
                onClick={() => onWithdraw(share)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
