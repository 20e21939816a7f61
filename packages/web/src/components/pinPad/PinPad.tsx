import { useCallback, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { pinCopy } from '../../copy/pin';
import {
  initialPinPad,
  pinPadPrompt,
  pinPadStep,
  type PinPadAction,
  type PinPadMode,
  type PinPadState,
  type PinPadSubmit,
} from './pinPadState';

export interface PinPadIdentity {
  userId: string;
  display: string;
}

export interface PinPadProps {
  mode: PinPadMode;
  /** 4 to 6 (see pinLength). */
  length: number;
  product: string;
  clientName?: string;
  /** The saved identities, most recently used first (select mode). */
  identities?: PinPadIdentity[];
  /** An error from the screen (e.g. a wrong PIN); it replaces the prompt. Set it to null when
   * a new attempt starts, so that the same message twice in a row is shown again. */
  error?: string | null;
  busy?: boolean;
  onSubmit(submit: PinPadSubmit): void;
  onSelect?(userId: string): void;
  onDelete?(userId: string): void;
  onAddNew?(): void;
  onStart?(): void;
  onCancel?(): void;
}

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const NOT_TEXT = ['checkbox', 'radio', 'button', 'submit', 'reset'];

/** Typing in a text field elsewhere on the page (an e-mail address) is not the PIN. */
function typingElsewhere(target: EventTarget | null): boolean {
  if (target instanceof HTMLInputElement) return !NOT_TEXT.includes(target.type);
  return (
    target instanceof HTMLElement &&
    target.closest('textarea, select, [contenteditable="true"]') !== null
  );
}

/**
 * The PIN pad in its six modes. Digits come from its buttons or the keyboard; Backspace
 * removes one; the PIN is submitted as soon as it has its length. The PIN lives only in this
 * component's state and is cleared on every change of mode.
 */
export function PinPad(props: PinPadProps) {
  const { mode, length, error, busy, onSubmit } = props;
  const [state, dispatch] = usePinPad(mode, length, onSubmit);

  useEffect(() => dispatch({ type: 'mode', mode }), [mode, dispatch]);
  useEffect(() => {
    if (error) dispatch({ type: 'error', error });
  }, [error, dispatch]);

  const hasPad = state.mode === 'login' || state.mode === 'setup' || state.mode === 'confirm';
  useEffect(() => {
    if (!hasPad || busy) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (typingElsewhere(event.target)) return;
      if (/^[0-9]$/.test(event.key)) dispatch({ type: 'digit', digit: event.key });
      else if (event.key === 'Backspace') dispatch({ type: 'backspace' });
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [hasPad, busy, dispatch]);

  if (state.mode === 'register') return <RegisterConsent {...props} />;
  if (state.mode === 'revoked') return <Revoked />;
  if (state.mode === 'select') return <SelectIdentity {...props} />;

  const prompt = pinPadPrompt(state, props.product);
  return (
    <div className="pin-pad" style={{ maxWidth: '18rem' }}>
      <p
        className={`h5 mb-3 ${state.error ? 'text-danger' : ''}`}
        role={state.error ? 'alert' : undefined}
      >
        {prompt}
      </p>
      <div className="d-flex gap-2 mb-3 fs-3" aria-hidden="true">
        {Array.from({ length }, (_, i) => (
          <span key={i}>{i < state.digits.length ? '●' : '○'}</span>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {pinCopy.digitsEntered(state.digits.length, length)}
      </p>
      <div className="d-grid gap-2" style={{ gridTemplateColumns: 'repeat(3, 1fr)' }}>
        {DIGITS.map((digit) => (
          <PadKey key={digit} digit={digit} disabled={busy} onPress={dispatch} />
        ))}
        <span />
        <PadKey digit="0" disabled={busy} onPress={dispatch} />
        <Button
          variant="outline-secondary"
          size="lg"
          aria-label={pinCopy.backspace}
          disabled={busy || state.digits.length === 0}
          onClick={() => dispatch({ type: 'backspace' })}
        >
          ⌫
        </Button>
      </div>
    </div>
  );
}

/** The pad's state and one dispatch that also hands a complete PIN to the screen. */
function usePinPad(
  mode: PinPadMode,
  length: number,
  onSubmit: (submit: PinPadSubmit) => void,
): [PinPadState, (action: PinPadAction) => void] {
  const [state, setState] = useState(() => initialPinPad(mode));
  const latest = useRef({ state, length, onSubmit });
  useEffect(() => {
    latest.current = { state, length, onSubmit };
  });
  const dispatch = useCallback((action: PinPadAction) => {
    const current = latest.current;
    const step = pinPadStep(current.state, action, current.length);
    current.state = step.state;
    setState(step.state);
    if (step.submit) current.onSubmit(step.submit);
  }, []);
  return [state, dispatch];
}

function PadKey({
  digit,
  disabled,
  onPress,
}: {
  digit: string;
  disabled?: boolean;
  onPress(action: PinPadAction): void;
}) {
  return (
    <Button
      variant="outline-primary"
      size="lg"
      disabled={disabled}
      onClick={() => onPress({ type: 'digit', digit })}
    >
      {digit}
    </Button>
  );
}

function RegisterConsent({ product, clientName, onStart, onCancel, busy }: PinPadProps) {
  const [agreed, setAgreed] = useState(false);
  return (
    <div>
      <h2 className="h4">{pinCopy.registerTitle}</h2>
      {clientName && <p>{pinCopy.registerIntro(clientName)}</p>}
      <Form.Check type="checkbox" id="pin-terms" className="mb-3">
        <Form.Check.Input
          type="checkbox"
          required
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
        <Form.Check.Label>
          {pinCopy.terms(product)}{' '}
          <a href="/terms" target="_blank" rel="noopener noreferrer">
            Terms<span className="visually-hidden"> (opens in a new tab)</span>
          </a>{' '}
          <a href="/privacy" target="_blank" rel="noopener noreferrer">
            Privacy<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </Form.Check.Label>
      </Form.Check>
      <div className="d-flex gap-2">
        <Button disabled={!agreed || busy} onClick={() => onStart?.()}>
          {pinCopy.start}
        </Button>
        <Button variant="outline-secondary" onClick={() => onCancel?.()}>
          {pinCopy.cancel}
        </Button>
      </div>
    </div>
  );
}

function Revoked() {
  return (
    <div role="alert">
      <p className="h5 text-danger">{pinCopy.revokedTitle}</p>
      <p>{pinCopy.revokedText}</p>
    </div>
  );
}

function SelectIdentity({ identities = [], onSelect, onDelete, onAddNew }: PinPadProps) {
  return (
    <div>
      <h2 className="h4">{pinCopy.selectTitle}</h2>
      <ListGroup>
        {identities.map((identity) => (
          <ListGroup.Item key={identity.userId} className="d-flex align-items-center gap-2">
            <Button
              variant="link"
              className="flex-grow-1 text-start"
              onClick={() => onSelect?.(identity.userId)}
            >
              {identity.display}
            </Button>
            <Button
              variant="outline-danger"
              size="sm"
              aria-label={pinCopy.deleteAccount(identity.display)}
              onClick={() => onDelete?.(identity.userId)}
            >
              🗑
            </Button>
          </ListGroup.Item>
        ))}
        <ListGroup.Item action onClick={() => onAddNew?.()}>
          {pinCopy.notMyEmail}
        </ListGroup.Item>
      </ListGroup>
    </div>
  );
}
