import type { CheckName } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { brand } from '../../copy/brand';
import { checksCopy, optionLabel } from '../../copy/checks';
import type { SignupPanel } from './sidePanel';

/** Why the user is asked to sign up: the client's proof of identity, or the product itself. */
export function SignupSidePanel({ panel }: { panel: SignupPanel }) {
  if (panel === null) return null;
  if (panel.kind === 'proofWanted') {
    return (
      <Card as="section" aria-labelledby="signup-panel-title" className="h-100">
        <Card.Body>
          <h2 id="signup-panel-title" className="h4">
            {panel.clientName} wants proof of your identity
          </h2>
          <p>
            Before you continue, {panel.clientName} has asked {brand.product} to check who you are.
            It takes a few minutes, and you choose how: for example with your bank, your passport or
            your driving licence.
          </p>
          <ProofWays ways={panel.ways} />
        </Card.Body>
      </Card>
    );
  }
  return (
    <Card as="section" aria-labelledby="signup-panel-title" className="h-100">
      <Card.Body>
        <h2 id="signup-panel-title" className="h4">
          Prove who you are with your bank
        </h2>
        <p>
          {brand.product} can confirm your identity through open banking: you log in to your own
          bank, and your bank confirms the name and account number it holds for you. {brand.product}{' '}
          never sees your bank login details, and nothing else is shared.
        </p>
        <p className="mb-0">
          Once your identity is verified, you can share it with the services you use without proving
          it again each time.
        </p>
      </Card.Body>
    </Card>
  );
}

/**
 * 'See how you can prove your identity': the ways open to a newcomer, shown in place (a
 * disclosure). /VerifyOptions ranks them against the user's own evidence, so it needs a
 * signed-in user; a visitor reads them here before signing up.
 */
function ProofWays({ ways }: { ways: CheckName[][] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="p-0"
        aria-expanded={open}
        aria-controls="proof-ways"
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        See how you can prove your identity
      </Button>
      <div id="proof-ways" hidden={!open} className="mt-2">
        {ways.length === 0 ? (
          <p className="mb-0">{checksCopy.noOption}</p>
        ) : (
          <>
            <p className="mb-1">Any one of these:</p>
            <ul className="mb-0">
              {ways.map((way) => (
                <li key={way.join()}>{optionLabel(way)}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}
