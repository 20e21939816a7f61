import { useEffect, useRef, type MouseEvent } from 'react';
import { formsCopy } from '../../copy/forms';
import type { SummaryError } from './errorSummary';

/**
 * The GOV.UK error summary: at the top of a form, 'There is a problem' and a link to each
 * field in error (its message, as shown next to the field). Shown while there are messages;
 * shown from the first Continue refused by the checks (`focusRequest` counts them), it takes
 * the focus at each, so it is read out first. A link moves the focus to its field's input.
 */
export function ErrorSummary({
  errors,
  focusRequest,
}: {
  errors: readonly SummaryError[];
  /** A new value (a count of refused submits) moves the focus to the summary. */
  focusRequest: number;
}) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (focusRequest > 0) box.current?.focus();
  }, [focusRequest]);

  // As GOV.UK: only once a Continue has been refused, and while a field has a message.
  if (focusRequest === 0 || errors.length === 0) return null;

  function follow(event: MouseEvent<HTMLAnchorElement>, target: string) {
    const input = document.getElementById(target);
    if (!input) return;
    event.preventDefault();
    // The whole question in view (a date's legend, a label above its input), then its input.
    (input.closest('fieldset') ?? input.closest('.mb-3') ?? input).scrollIntoView();
    input.focus({ preventScroll: true });
  }

  return (
    <div
      ref={box}
      className="alert alert-danger error-summary mb-4"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
    >
      <h2 id="error-summary-title" className="h5 alert-heading">
        {formsCopy.errorSummaryTitle}
      </h2>
      <ul className="list-unstyled mb-0">
        {errors.map(({ target, message }) => (
          <li key={target}>
            <a
              href={`#${target}`}
              className="alert-link"
              onClick={(event) => follow(event, target)}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
