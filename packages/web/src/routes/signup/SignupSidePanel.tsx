import type { CheckName } from '@verity/contracts';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { brand } from '../../copy/brand';
import { checksCopy, optionLabel } from '../../copy/checks';
import type { SignupPanel } from './sidePanel';
import { screensCopy } from '../../copy/navigation';

/** Why the user is asked to sign up: the client's proof of identity, or the product itself. */
export function SignupSidePanel({ panel }: { panel: SignupPanel }) {
  if (panel === null) return null;
  if (panel.kind === 'proofWanted') {
    return (
      <Card as="section" aria-labelledby="signup-panel-title" className="h-100">
        <Card.Body>
          <h2 id="signup-panel-title" className="h4">
            {screensCopy.proofWantedTitle(panel.clientName)}
          </h2>
          <p>{screensCopy.proofWantedText(panel.clientName, brand.product)}</p>
          <ProofWays ways={panel.ways} />
        </Card.Body>
      </Card>
    );
  }
  return (
    <Card as="section" aria-labelledby="signup-panel-title" className="h-100">
      <Card.Body>
        <h2 id="signup-panel-title" className="h4">
          {screensCopy.bankPanelTitle}
        </h2>
        <p>{screensCopy.bankPanelText(brand.product)}</p>
        <p className="mb-0">{screensCopy.bankPanelShare}</p>
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
        {screensCopy.seeProofWays}
      </Button>
      <div id="proof-ways" hidden={!open} className="mt-2">
        {ways.length === 0 ? (
          <p className="mb-0">{checksCopy.noOption}</p>
        ) : (
          <>
            <p className="mb-1">{screensCopy.anyOneOf}</p>
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
