import ProgressBar from 'react-bootstrap/ProgressBar';
import { accountsCopy } from '../../copy/accounts';
import type { StrengthState } from './usePasswordStrength';

/**
 * The spec's meter: a bar at score x 25 in the score's colour, the strength in words, and
 * zxcvbn's warning and suggestions. `id` is what the password field's aria-describedby names.
 */
export function PasswordStrengthMeter({
  id,
  state,
  empty,
}: {
  id: string;
  state: StrengthState;
  empty: boolean;
}) {
  if (state.status === 'failed') {
    return (
      <div id={id} className="small text-danger mb-3" role="alert">
        {accountsCopy.verifyError}
      </div>
    );
  }
  const reading = state.status === 'ready' ? state.reading : null;
  const score = empty || reading === null ? 0 : reading.score;
  const name = accountsCopy.strengthNames[score];
  return (
    <div id={id} className="mb-3">
      <ProgressBar className="password-strength" style={{ height: '0.5rem' }}>
        <ProgressBar
          now={score * 25}
          variant={reading?.variant ?? 'danger'}
          aria-label={accountsCopy.passwordStrength}
          aria-valuetext={empty ? 'None' : name}
        />
      </ProgressBar>
      <div className="small mt-1" aria-live="polite">
        {empty || reading === null ? null : `${accountsCopy.passwordStrength}: ${name}`}
      </div>
      {!empty && reading?.warning ? (
        <div className="small text-danger">{reading.warning}</div>
      ) : null}
      {!empty && reading && reading.suggestions.length > 0 ? (
        <ul className="small mb-0 ps-3">
          {reading.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
