import Form from 'react-bootstrap/Form';
import { accountsCopy } from '../../copy/accounts';

/**
 * 'I accept the terms and conditions', with the terms opening in a new tab. The screens
 * enforce it: their button stays disabled until it is ticked.
 */
export function TermsCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  return (
    <Form.Check type="checkbox" id="terms" className="mb-3">
      <Form.Check.Input
        type="checkbox"
        checked={checked}
        required
        onChange={(event) => onChange(event.target.checked)}
      />
      <Form.Check.Label>
        {accountsCopy.acceptTerms}{' '}
        <a href="/terms" target="_blank" rel="noopener noreferrer">
          {accountsCopy.termsLink}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </Form.Check.Label>
    </Form.Check>
  );
}
