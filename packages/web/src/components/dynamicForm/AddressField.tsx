import { isValidPostcode, normalisePostcode, type AddressValue } from '@verity/contracts';
import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { findAddresses, type AddressItem } from '../../api/profile';
import { fieldMessages } from '../../copy/forms';
import { profileCopy } from '../../copy/profile';
import {
  addressFromItem,
  afterLookup,
  initialMode,
  lookupFailure,
  selectedKey,
  toLookup,
  toManual,
  withPostcode,
  type AddressMode,
  type LookupFailure,
} from './address';
import { FieldFeedback } from './FieldFeedback';
import { describedBy, errorIdOf, onGroupBlur, type FieldProps } from './fieldProps';

type Lookup =
  | { status: 'idle' }
  | { status: 'searching'; postcode: string }
  | { status: 'found'; postcode: string; items: AddressItem[] }
  | { status: 'none'; postcode: string }
  | { status: LookupFailure };

function lookupMessage(lookup: Lookup): { text: string; tone: 'info' | 'danger' } | null {
  switch (lookup.status) {
    case 'found':
      return {
        text: profileCopy.addressesFound(lookup.items.length, lookup.postcode),
        tone: 'info',
      };
    case 'none':
      return { text: profileCopy.noAddresses(lookup.postcode), tone: 'danger' };
    case 'unavailable':
      return { text: profileCopy.lookupUnavailable, tone: 'danger' };
    case 'failed':
      return { text: profileCopy.lookupFailed, tone: 'danger' };
    case 'invalid':
      return { text: fieldMessages.validPostcode, tone: 'danger' };
    default:
      return null;
  }
}

/**
 * address: a UK postcode (upper-cased when left), 'Find address' once it is a valid one,
 * and the addresses found in a list of 6 rows to pick from. 'Enter the address manually'
 * swaps the list for a text box (picklist false, no uprn). When the finder is down (503)
 * the user is told and types the address. The messages are contracts' rules: 'Please enter
 * your postcode', 'Please enter a valid postcode', 'Please find and select your address'
 * (not looked up yet) and 'Please select your address' (looked up, nothing picked).
 */
export function AddressField({
  definition,
  id,
  value,
  error,
  valid,
  onChange,
  onTouch,
}: FieldProps<AddressValue>) {
  const [mode, setMode] = useState<AddressMode>(() => initialMode(value));
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const search = useRef<AbortController | null>(null);
  const list = useRef<HTMLSelectElement>(null);
  const manualText = useRef<HTMLTextAreaElement>(null);
  const postcodeInput = useRef<HTMLInputElement>(null);
  /** Where the focus goes once the next render is on the screen. */
  const focusNext = useRef<'list' | 'text' | 'postcode' | null>(null);

  const listId = `${id}-list`;
  const textId = `${id}-text`;
  const statusId = `${id}-status`;
  const errorId = error ? errorIdOf(id) : null;
  const searching = lookup.status === 'searching';
  const found = lookup.status === 'found' ? lookup : null;
  const canFind = isValidPostcode(value.postcode);

  // Typed by hand, a missing address is asked for as such (the rules say find and select).
  const shownError =
    mode === 'manual' && error === fieldMessages.findAndSelect ? profileCopy.enterAddress : error;
  // The control the message is about: the postcode, the list, or the typed address.
  const aboutPostcode =
    error === fieldMessages.enterPostcode || error === fieldMessages.validPostcode;
  const listProblem = Boolean(error) && !aboutPostcode && mode === 'lookup' && found !== null;
  const textProblem = Boolean(error) && !aboutPostcode && mode === 'manual';
  const postcodeProblem = Boolean(error) && !listProblem && !textProblem;

  useEffect(() => () => search.current?.abort(), []);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'list') list.current?.focus();
    else if (target === 'text') manualText.current?.focus();
    else postcodeInput.current?.focus();
  }, [lookup, mode]);

  async function find() {
    const postcode = normalisePostcode(value.postcode);
    if (searching || !isValidPostcode(postcode)) return;
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    setLookup({ status: 'searching', postcode });
    try {
      const items = await findAddresses(postcode, { signal: controller.signal });
      if (controller.signal.aborted) return;
      onChange(afterLookup(postcode, items.length));
      if (items.length > 0) {
        focusNext.current = 'list';
        setLookup({ status: 'found', postcode, items });
      } else {
        setLookup({ status: 'none', postcode });
      }
    } catch (failure) {
      if (controller.signal.aborted) return;
      setLookup({ status: lookupFailure(failure) });
    }
  }

  function changePostcode(raw: string) {
    onChange(withPostcode(value, raw, mode));
    const lookedUp = 'postcode' in lookup ? lookup.postcode : null;
    if (normalisePostcode(raw) !== lookedUp && lookup.status !== 'idle') {
      search.current?.abort();
      setLookup({ status: 'idle' });
    }
  }

  function tidyPostcode() {
    const tidy = normalisePostcode(value.postcode);
    if (tidy !== value.postcode) onChange(withPostcode(value, tidy, mode));
  }

  function postcodeKey(event: KeyboardEvent<HTMLInputElement>) {
    // Enter finds the address rather than sending the whole form half done.
    if (event.key !== 'Enter' || mode !== 'lookup') return;
    event.preventDefault();
    if (canFind) void find();
    else onTouch();
  }

  function pick(key: string) {
    const item = found?.items.find((candidate) => candidate.key === key);
    if (item && found) onChange(addressFromItem(item, found.postcode));
  }

  function switchMode(next: AddressMode) {
    search.current?.abort();
    setLookup({ status: 'idle' });
    setMode(next);
    focusNext.current = next === 'manual' ? 'text' : 'postcode';
    onChange(next === 'manual' ? toManual(value) : toLookup(value));
  }

  const message = lookupMessage(lookup);

  return (
    <fieldset
      className="mb-3"
      aria-describedby={describedBy(errorId)}
      onBlur={onGroupBlur(onTouch)}
    >
      <legend className="form-label fs-6 mb-2">{definition.title}</legend>
      <Form.Group controlId={id} className="mb-2">
        <Form.Label>{profileCopy.postcode}</Form.Label>
        <div className="d-flex flex-wrap gap-2 align-items-start">
          <Form.Control
            ref={postcodeInput}
            className="postcode-input"
            type="text"
            name={`${definition.name}_postcode`}
            value={value.postcode}
            maxLength={12}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            onChange={(event: ChangeEvent<HTMLInputElement>) => changePostcode(event.target.value)}
            onBlur={tidyPostcode}
            onKeyDown={postcodeKey}
            isValid={valid}
            isInvalid={postcodeProblem}
            aria-invalid={postcodeProblem || undefined}
            aria-describedby={describedBy(postcodeProblem && errorId, message && statusId)}
          />
          {mode === 'lookup' ? (
            <Button
              type="button"
              variant="outline-primary"
              disabled={!canFind}
              onClick={() => void find()}
              aria-describedby={message ? statusId : undefined}
            >
              {searching ? (
                <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              ) : null}
              {searching ? profileCopy.finding : profileCopy.findAddress}
            </Button>
          ) : null}
        </div>
      </Form.Group>

      <div id={statusId} role="status" className="small">
        {message ? (
          <p
            className={`mb-2 ${message.tone === 'danger' ? 'text-danger' : 'text-body-secondary'}`}
          >
            {message.text}
          </p>
        ) : null}
      </div>

      {mode === 'lookup' && found ? (
        <Form.Group controlId={listId} className="mb-2">
          <Form.Label>{profileCopy.selectYourAddress}</Form.Label>
          <Form.Select
            ref={list}
            htmlSize={6}
            name={`${definition.name}_picklist`}
            value={selectedKey(value, found.items)}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => pick(event.target.value)}
            isValid={valid}
            isInvalid={listProblem}
            aria-invalid={listProblem || undefined}
            aria-describedby={describedBy(listProblem && errorId)}
          >
            {found.items.map((item) => (
              <option key={item.key} value={item.key}>
                {addressFromItem(item, found.postcode).text}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      ) : null}

      {mode === 'lookup' && !found && value.picklist && value.text.trim() !== '' ? (
        <p className="mb-2">
          <span className="fw-semibold">{profileCopy.selectedAddress}</span> {value.text}
        </p>
      ) : null}

      {mode === 'manual' ? (
        <Form.Group controlId={textId} className="mb-2">
          <Form.Label>{profileCopy.manualAddress}</Form.Label>
          <Form.Control
            ref={manualText}
            as="textarea"
            rows={3}
            name={`${definition.name}_text`}
            value={value.text}
            autoComplete="street-address"
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) =>
              onChange({ ...value, uprn: '', picklist: false, text: event.target.value })
            }
            isValid={valid}
            isInvalid={textProblem}
            aria-invalid={textProblem || undefined}
            aria-describedby={describedBy(textProblem && errorId)}
          />
        </Form.Group>
      ) : null}

      <FieldFeedback id={id} error={shownError} />
      <Button
        variant="link"
        className="p-0 mt-1"
        onClick={() => switchMode(mode === 'lookup' ? 'manual' : 'lookup')}
      >
        {mode === 'lookup' ? profileCopy.enterManually : profileCopy.findByPostcode}
      </Button>
    </fieldset>
  );
}
