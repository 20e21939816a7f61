import type { PinAuthenticateResponse } from '@verity/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { logoutConfirm } from '../../api/accounts';
import { PageHeading } from '../../components/PageHeading';
import { PinPad } from '../../components/pinPad/PinPad';
import type { PinPadMode, PinPadSubmit } from '../../components/pinPad/pinPadState';
import { brand } from '../../copy/brand';
import { pinCopy } from '../../copy/pin';
import { deleteIdentity, listIdentities, type PinIdentity } from '../../pin/identities';
import { PinClient } from '../../pin/pinClient';
import { useAuth } from '../../state/authContext';
import { browserStorage } from '../../state/browserStorage';
import { sessionKeys } from '../../state/storage';
import { AnotherDeviceLogin } from './AnotherDeviceLogin';
import { pinLoginFailure } from './pinLoginFailure';

/**
 * The path the account section saved (session key 'return') before sending a signed-out
 * user here; used once, and only a path of this site.
 */
function takeReturnPath(): string | null {
  const session = browserStorage('sessionStorage');
  const saved = session.getItem('return');
  session.removeItem('return');
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : null;
}

/**
 * /mpinlogin (and /mpinlogin2): the saved identities of this browser for the client of the
 * request in progress, most recently used first, and the PIN. No saved identity: the consent
 * to verify first (register mode), then sign-up or login. Too many wrong PINs: the revoked screen. Always a way to
 * log in with e-mail and password instead.
 */
export function MpinLoginPage() {
  const { requestId, loginSuccess, clearLogin, nextStep } = useAuth();
  const navigate = useNavigate();
  const local = useMemo(() => browserStorage('localStorage'), []);
  const request = sessionKeys.request.get(browserStorage('sessionStorage'));
  const customerId = request?.clientId ?? null;
  const [identities, setIdentities] = useState<PinIdentity[]>(() =>
    customerId ? listIdentities(local, customerId).filter((i) => i.state === 'REGISTERED') : [],
  );
  const [chosen, setChosen] = useState<string | null>(identities[0]?.userId ?? null);
  const [mode, setMode] = useState<PinPadMode>(identities.length > 0 ? 'login' : 'register');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const identity = identities.find((i) => i.userId === chosen);

  const submit = useCallback(
    async ({ pin }: PinPadSubmit) => {
      if (!customerId || !chosen) return;
      setBusy(true);
      setError(null);
      try {
        const client = new PinClient({
          server: `${window.location.origin}/api/mpin`,
          customerId,
          storage: local,
        });
        const result = await client.authenticate(chosen, pin, requestId ?? undefined);
        loginSuccess(result.display, result.userRequirements);
        await navigate(takeReturnPath() ?? nextStep());
      } catch (failure) {
        const shown = pinLoginFailure(failure);
        if (shown.kind === 'revoked') setMode('revoked');
        else setError(shown.message);
        setBusy(false);
      }
    },
    [customerId, chosen, local, requestId, loginSuccess, nextStep, navigate],
  );

  /** Another device approved with its PIN: this browser is signed in. */
  const signedInElsewhere = useCallback(
    (
      result: { display?: string; userRequirements?: PinAuthenticateResponse['userRequirements'] },
      actToken?: string,
    ) => {
      loginSuccess(result.display ?? '', result.userRequirements ?? []);
      // Allowed to register its own PIN: the set-up of an activation link, then /mpindone.
      if (actToken) void navigate(`/mpinsetup?acttoken=${encodeURIComponent(actToken)}`);
      else void navigate(takeReturnPath() ?? nextStep());
    },
    [loginSuccess, navigate, nextStep],
  );

  function remove(userId: string) {
    if (!customerId) return;
    deleteIdentity(local, customerId, userId);
    const left = identities.filter((i) => i.userId !== userId);
    setIdentities(left);
    if (left.length === 0) setMode('register');
    if (chosen === userId) setChosen(left[0]?.userId ?? null);
  }

  /** 'Not my e-mail address': silently logs out, then the e-mail and password login. */
  async function addNew() {
    await logoutConfirm().catch(() => undefined);
    clearLogin();
    await navigate('/login');
  }

  // No client's request (the account section sent a signed-out visitor here): identities are
  // per client, so no PIN can serve; the e-mail and password login does, keeping the return
  // path, rather than a message about a service the visitor never came from.
  if (!customerId) return <Navigate to="/login" replace />;

  return (
    <>
      <PageHeading>{`${brand.product} M-Pin`}</PageHeading>
      {identity && mode === 'login' && (
        <p>
          {identity.display}{' '}
          {identities.length > 0 ? (
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => setMode('select')}
            >
              {pinCopy.switchAccount}
            </button>
          ) : null}
        </p>
      )}
      <PinPad
        mode={mode}
        length={identity?.pinLength ?? 4}
        product={brand.product}
        clientName={request?.clientName}
        identities={identities}
        error={error}
        busy={busy}
        onSubmit={(value) => void submit(value)}
        onSelect={(userId) => {
          setChosen(userId);
          setMode('login');
        }}
        onDelete={remove}
        onAddNew={() => void addNew()}
        onStart={() => void navigate(nextStep())}
        onCancel={() => void navigate('/Cancel')}
      />
      {mode !== 'revoked' ? (
        <AnotherDeviceLogin
          customerId={customerId}
          requestId={requestId ?? undefined}
          onSignedIn={signedInElsewhere}
        />
      ) : null}
      <p className="mt-4">
        <Link to="/login">{pinCopy.passwordInstead}</Link>
      </p>
    </>
  );
}
