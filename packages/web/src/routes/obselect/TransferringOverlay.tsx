import { useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { openBankingCopy as text } from '../../copy/openBanking';

/** After this long the overlay says the transfer is slow (spec: 10 seconds). */
export const SLOW_AFTER_MS = 10_000;

/** 'Transferring you to {bank}' while the bank's login is fetched; slow after 10 seconds. */
export function TransferringOverlay({ bank }: { bank: string | null }) {
  return (
    <Modal
      show={bank !== null}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby="transfer-title"
    >
      {bank ? <Transferring key={bank} bank={bank} /> : null}
    </Modal>
  );
}

function Transferring({ bank }: { bank: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <Modal.Body className="text-center py-4" aria-busy="true">
      <Spinner animation="border" variant="primary" className="mb-3" aria-hidden="true" />
      <h2 id="transfer-title" className="h5">
        {text.transferringTitle(bank)}
      </h2>
      <p role="status" className="mb-0">
        {text.transferringText(bank)}
        {slow ? text.slow : ''}
      </p>
    </Modal.Body>
  );
}
