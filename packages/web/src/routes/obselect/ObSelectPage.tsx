import { isBankSelectionError, type ObProviderType } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Navigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { fetchBankProviders, RequestTimedOut, startBankLogin } from '../../api/openBanking';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { bankSelectionMessages, openBankingCopy as text } from '../../copy/openBanking';
import { useAuth } from '../../state/authContext';
import { BankFrame } from './BankFrame';
import { CancelModal } from './CancelModal';
import { TransferringOverlay } from './TransferringOverlay';

/**
 * /obselect: 'Choose your bank'. A signed-in user whose next step is elsewhere goes there.
 * Choosing a bank asks the server for the bank's login (an attempt record with the state);
 * the browser then goes there, or the login opens in an embedded frame.
 */
export function ObSelectPage() {
  const auth = useAuth();
  if (!auth.sessionChecked) return <WaitScreen />;
  if (auth.user) {
    const next = auth.nextStep();
    if (next.toLowerCase() !== '/obselect') return <Navigate to={next} replace />;
  }
  return <ObSelect />;
}

type Providers =
  | { status: 'loading' }
  | { status: 'ready'; banks: Array<{ name: string; type: ObProviderType }> }
  | { status: 'failed' };

function ObSelect() {
  const { client, requestId } = useAuth();
  const clientName = client?.clientName ?? null;
  const [params] = useSearchParams();
  const [providers, setProviders] = useState<Providers>({ status: 'loading' });
  const [transferring, setTransferring] = useState<string | null>(null);
  const [frame, setFrame] = useState<{ bank: string; url: string } | null>(null);
  const [error, setError] = useState<string | null>(() => {
    const code = params.get('error');
    return isBankSelectionError(code) ? bankSelectionMessages[code] : null;
  });
  const [cancelOpen, setCancelOpen] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    fetchBankProviders({ signal: controller.signal }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        setProviders({
          status: 'ready',
          banks: answer.providers.map((p) => ({ name: p.display_name, type: p.obProviderType })),
        });
      },
      () => {
        if (!controller.signal.aborted) setProviders({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);

  async function choose(bank: string) {
    if (transferring) return;
    setError(null);
    setTransferring(bank);
    try {
      const { url, iFrame } = await startBankLogin(bank, requestId);
      if (iFrame) {
        setFrame({ bank, url });
        setTransferring(null);
      } else {
        window.location.assign(url);
      }
    } catch (failure) {
      setTransferring(null);
      if (failure instanceof RequestTimedOut) setError(text.timedOut);
      else if (failure instanceof ApiError && failure.status !== 0) setError(failure.message);
      else setError(bankSelectionMessages.provider_error);
    }
  }

  if (providers.status === 'loading')
    return <WaitScreen clientName={clientName} clientLogo={client?.clientLogo} />;
  if (providers.status === 'failed') return <ErrorScreen />;

  return (
    <>
      <PageHeading>{text.title}</PageHeading>
      <Row className="mt-3">
        <Col md={10} lg={8}>
          <p>{text.intro(clientName)}</p>
          <p>{text.onlyNameAndNumber}</p>
          {error ? (
            <Alert variant="warning" role="alert">
              {error}
            </Alert>
          ) : null}
          {frame ? (
            <BankFrame
              bank={frame.bank}
              url={frame.url}
              onError={(code) => {
                setFrame(null);
                setError(
                  isBankSelectionError(code)
                    ? bankSelectionMessages[code]
                    : bankSelectionMessages.provider_error,
                );
              }}
              onClose={() => setFrame(null)}
            />
          ) : providers.banks.length === 0 ? (
            <Alert variant="info">{text.noBanks}</Alert>
          ) : (
            <ul className="list-unstyled d-flex flex-wrap gap-3" aria-label={text.banksLabel}>
              {providers.banks.map((bank) => (
                <li key={bank.name}>
                  <Button
                    variant="outline-secondary"
                    className="p-2 bank-choice"
                    disabled={transferring !== null}
                    onClick={() => void choose(bank.name)}
                  >
                    <img
                      src={`/providers/${encodeURIComponent(bank.name)}.svg`}
                      alt={text.chooseBank(bank.name)}
                      width={200}
                      height={60}
                    />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-4">
            <Button variant="link" className="p-0" onClick={() => setCancelOpen(true)}>
              {text.cancelLink(clientName)}
            </Button>
          </p>
        </Col>
      </Row>
      <CancelModal show={cancelOpen} onHide={() => setCancelOpen(false)} />
      <TransferringOverlay bank={transferring} />
    </>
  );
}
