import { groupCardNumber, previewBrand } from '@verity/contracts';
import { checksCopy } from '../../copy/checks';
import { screensCopy } from '../../copy/navigation';

/**
 * A live picture of the card as it is typed (decorative: the fields themselves are labelled).
 * The security code is never asked for: a check of the card's details does not need it.
 */
export function CardPreview({
  number,
  name,
  expiry,
}: {
  number: string;
  name: string;
  expiry: string;
}) {
  const shown = groupCardNumber(number) || '•••• •••• •••• ••••';
  return (
    <div
      className="card-preview rounded-4 p-3 text-white shadow-sm"
      style={{
        maxWidth: '22rem',
        aspectRatio: '1.586',
        background: 'linear-gradient(135deg, #1d3557, #457b9d)',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
      }}
      aria-hidden="true"
    >
      <div className="d-flex justify-content-between">
        <span className="rounded" style={{ width: 42, height: 30, background: '#e9c46a' }} />
        <span className="fw-bold">{previewBrand(number) ?? ''}</span>
      </div>
      <div className="fs-5 font-monospace" data-testid="card-preview-number">
        {shown}
      </div>
      <div className="d-flex justify-content-between text-uppercase small">
        <span>{name || screensCopy.cardPreviewName}</span>
        <span>{expiry || checksCopy.cardExpiryHint}</span>
      </div>
    </div>
  );
}
