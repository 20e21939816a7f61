import Button from 'react-bootstrap/Button';
import { checksCopy } from '../../copy/checks';
import type { PhoneHandoff as Handoff } from './usePhoneHandoff';

const timeOf = (at: number) =>
  new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/**
 * 'App install instructions' made real: the QR code and the short link that open the phone's
 * capture page (/photo) for this request, until when the code works, and a new code once it
 * has expired. The page around it waits for the phone (usePhoneHandoff).
 */
export function PhoneHandoff({ handoff, document }: { handoff: Handoff; document: string }) {
  const { code, state, error } = handoff;
  if (error)
    return (
      <p className="text-body-secondary" role="status">
        {error.message}
      </p>
    );
  if (state === 'expired')
    return (
      <div className="mb-3">
        <p role="alert">{checksCopy.handoffExpired}</p>
        <Button variant="primary" onClick={handoff.renew}>
          {checksCopy.newCode}
        </Button>
      </div>
    );
  if (!code) return <p role="status">{checksCopy.handoffLoading}</p>;
  return (
    <div className="mb-3" id="phone-handoff">
      <p>{checksCopy.handoffIntro(document)}</p>
      <img
        src={code.qr}
        alt={checksCopy.handoffQr}
        width={200}
        height={200}
        className="d-block mb-2 border rounded bg-white"
      />
      <h3 className="h5 mt-3">{checksCopy.openOnPhone}</h3>
      <p className="mb-1">{checksCopy.handoffLink}</p>
      <p>
        <code className="text-break user-select-all" data-testid="handoff-link">
          {code.link}
        </code>
      </p>
      <p>
        {checksCopy.handoffExpires(timeOf(code.expiresAt))} {checksCopy.handoffBack}
      </p>
    </div>
  );
}
