import { useRef, useState, type ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { profileCopy as text } from '../../copy/profile';

/**
 * A field whose value an identity check verified (issue 17): shown as verified and locked, with
 * a Change button. Changing it removes its verification until a check matches the new value,
 * so the user confirms first; then the field opens for editing, and says what saving will do.
 */
export function VerifiedField({
  id,
  title,
  children,
}: {
  /** The id of the field's first control, focused once the change is confirmed. */
  id: string;
  title: string;
  children: ReactNode;
}) {
  const [unlocked, setUnlocked] = useState(false);
  const [asking, setAsking] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const noteId = `${id}-verified`;
  const titleId = `${id}-change-title`;

  function confirm() {
    setAsking(false);
    setUnlocked(true);
  }

  return (
    <div ref={container} className="mb-3">
      {/* A disabled fieldset keeps every control of the field (a date's three) unchangeable. */}
      <fieldset disabled={!unlocked} aria-describedby={noteId} className="mb-0">
        {children}
      </fieldset>
      <div id={noteId} className="d-flex flex-wrap align-items-center gap-2 mt-n2">
        {unlocked ? (
          <span className="text-body-secondary small">{text.verifiedChanging}</span>
        ) : (
          <>
            <Badge bg="success">{text.verified}</Badge>
            <Button
              variant="link"
              size="sm"
              className="p-0"
              aria-label={text.changeVerifiedLabel(title)}
              onClick={() => setAsking(true)}
            >
              {text.changeVerified}
            </Button>
          </>
        )}
      </div>
      <Modal
        show={asking}
        onHide={() => setAsking(false)}
        onExited={() => {
          // The focus goes to the field just opened, or back to the Change button.
          if (unlocked) container.current?.querySelector<HTMLElement>(`#${id}, input`)?.focus();
        }}
        aria-labelledby={titleId}
        centered
      >
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {text.changeVerifiedTitle(title)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{text.changeVerifiedWarning}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-danger" onClick={confirm}>
            {text.changeVerifiedYes}
          </Button>
          <Button variant="primary" onClick={() => setAsking(false)} autoFocus>
            {text.changeVerifiedNo}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
