import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { openBankingCopy as text } from '../../copy/openBanking';

/** 'Cancel?' with 'Yes, cancel' (to /cancel, which ends the request) and 'No, continue'. */
export function CancelModal({ show, onHide }: { show: boolean; onHide: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="cancel-title" centered>
      <Modal.Header closeButton>
        <Modal.Title id="cancel-title" as="h2" className="h5">
          {text.cancelTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{text.cancelText}</Modal.Body>
      <Modal.Footer>
        <Button variant="danger" onClick={() => void navigate('/cancel')}>
          {text.cancelYes}
        </Button>
        <Button variant="primary" onClick={onHide} autoFocus>
          {text.cancelNo}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
