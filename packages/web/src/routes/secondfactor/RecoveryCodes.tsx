import { Alert } from '../../components/Alert';
import { secondFactorCopy } from '../../copy/secondFactor';

/** The recovery codes, shown once after they are made. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title">
      <Alert variant="warning" className="mt-3">
        <h2 id="recovery-codes-title" className="h5">
          {secondFactorCopy.recoveryTitle}
        </h2>
        <p>{secondFactorCopy.recoveryText}</p>
        <ul
          className="list-unstyled row row-cols-2 row-cols-md-5 mb-0 font-monospace"
          aria-label={secondFactorCopy.recoveryTitle}
        >
          {codes.map((code) => (
            <li key={code} className="col">
              {code}
            </li>
          ))}
        </ul>
      </Alert>
    </section>
  );
}
