import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { openBankingCopy as text } from '../../copy/openBanking';
import { callbackAddress, readFrameMessage } from './frameMessage';

/**
 * The bank's login in an embedded frame (425 by 725). Messages are trusted only from the bank
 * link's origin: a code goes to /ObCallback, an error closes the frame and shows the error.
 */
export function BankFrame({
  bank,
  url,
  onError,
  onClose,
}: {
  bank: string;
  url: string;
  onError: (code: string) => void;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    const trustedOrigin = new URL(url, window.location.href).origin;
    const listener = (event: MessageEvent) => {
      const message = readFrameMessage(event.origin, event.data, trustedOrigin);
      if (message?.kind === 'code') void navigate(callbackAddress(message));
      else if (message?.kind === 'error') onError(message.error);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [url, navigate, onError]);
  return (
    <div className="mb-3">
      <iframe
        src={url}
        title={text.frameTitle(bank)}
        width={425}
        height={725}
        className="border rounded d-block mw-100"
      />
      <Button variant="link" className="px-0" onClick={onClose}>
        {text.closeFrame}
      </Button>
    </div>
  );
}
