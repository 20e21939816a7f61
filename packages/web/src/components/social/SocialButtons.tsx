import type { SocialProvider } from '@verity/contracts';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { socialCopy } from '../../copy/social';

/** One full-width button per provider; the one in progress says so while its popup is open. */
export function SocialButtons({
  providers,
  label,
  busy,
  disabled = false,
  onChoose,
}: {
  providers: readonly SocialProvider[];
  label: (provider: SocialProvider) => string;
  busy: SocialProvider | null;
  /** Not yet: e.g. until the terms are accepted. */
  disabled?: boolean;
  onChoose: (provider: SocialProvider) => void;
}) {
  return (
    <div className="d-grid gap-2">
      {providers.map((provider) => (
        <Button
          key={provider}
          variant="outline-dark"
          disabled={disabled || busy !== null}
          onClick={() => onChoose(provider)}
        >
          {busy === provider ? (
            <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
          ) : null}
          {label(provider)}
        </Button>
      ))}
      {busy ? (
        <p className="text-body-secondary small mb-0" role="status">
          {socialCopy.waitingFor(busy)}
        </p>
      ) : null}
    </div>
  );
}
