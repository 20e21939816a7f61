import { useCallback, useEffect, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { FormAlert } from '../../components/form/FormAlert';
import { PinPad } from '../../components/pinPad/PinPad';
import { pinLength, type PinPadSubmit } from '../../components/pinPad/pinPadState';
import { brand } from '../../copy/brand';
import { pinCopy } from '../../copy/pin';
import { PinClient } from '../../pin/pinClient';
import { useAuth } from '../../state/authContext';
import { browserStorage } from '../../state/browserStorage';
import { sessionKeys } from '../../state/storage';

/**
 * /mpinsetup: a signed-in user chooses a PIN, enters it again, and this browser registers a
 * PIN identity for the client of the request in progress; the session is then logged in with
 * it (the setup and the PIN login steps both done); then /obselect or /verifyemail (spec).
 * With ?acttoken= it uses the activation token of that link instead of starting a new
 * registration, and ends at /mpindone.
 */
export function MpinSetupPage() {
  return (
    <RequireSignedIn>
      <MpinSetup />
    </RequireSignedIn>
  );
}

function MpinSetup() {
  const { requestId, client, loginSuccess } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const actToken = searchParams.get('acttoken') || undefined;
  const customerId = sessionKeys.request.get(browserStorage('sessionStorage'))?.clientId ?? null;
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** What the set-up is doing now, said in a polite live region (it takes several seconds). */
  const [progress, setProgress] = useState<'settingUp' | 'loggingIn' | null>(null);
  const busy = progress !== null;
  const [length, setLength] = useState(4);

  // The configured PIN length (4 to 6) from the client settings; 4 until they answer.
  useEffect(() => {
    if (!customerId) return;
    let current = true;
    new PinClient({
      server: `${window.location.origin}/api/mpin`,
      customerId,
      storage: browserStorage('localStorage'),
    })
      .settings()
      .then((settings) => {
        if (current) setLength(pinLength(settings.pinLength));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [customerId]);

  const submit = useCallback(
    async ({ pin }: PinPadSubmit) => {
      if (!customerId) return;
      setProgress('settingUp');
      setError(null);
      try {
        const pins = new PinClient({
          server: `${window.location.origin}/api/mpin`,
          customerId,
          storage: browserStorage('localStorage'),
        });
        const start = await pins.startRegistration(actToken);
        await pins.register(start, pin);
        setProgress('loggingIn');
        const result = await pins.authenticate(start.userId, pin, requestId ?? undefined);
        loginSuccess(result.display, result.userRequirements);
        // The spec's next screens: /obselect (open banking, a later issue) when the client
        // asks for assurance, else /verifyemail, which sends a verified, signed-in user on to
        // the next step.
        if (actToken) await navigate('/mpindone', { replace: true });
        else await navigate(client?.assuranceRequired ? '/obselect' : '/verifyemail');
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : String(failure));
        setAttempt((n) => n + 1);
        setProgress(null);
      }
    },
    [customerId, actToken, requestId, client, loginSuccess, navigate],
  );

  return (
    <>
      <PageHeading>{`${brand.product} M-Pin`}</PageHeading>
      {customerId ? (
        <PinPad
          key={attempt}
          mode="setup"
          length={length}
          product={brand.product}
          error={error}
          busy={busy}
          onSubmit={(value) => void submit(value)}
        />
      ) : (
        <FormAlert message={pinCopy.noRequest} />
      )}
      <div role="status" aria-live="polite" className="mt-3 text-center">
        {progress ? (
          <p className="d-inline-flex align-items-center gap-2 mb-0">
            <Spinner animation="border" size="sm" variant="primary" aria-hidden="true" />
            {pinCopy[progress](brand.product)}
          </p>
        ) : null}
      </div>
    </>
  );
}
