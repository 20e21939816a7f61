import { photoAcceptTypes, photoMaxBytes } from '@verity/contracts';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { checksCopy } from '../../copy/checks';

export interface PhotoFieldProps {
  id: string;
  label: string;
  hint: string;
  /** What the photo is, in a sentence ('photo of your passport', 'selfie'). */
  what: string;
  /** The camera a phone opens for the field: the back one for a document, the front one for a selfie. */
  capture: 'environment' | 'user';
  /** Retake opens the file picker (or the phone's camera) at once; false: the camera beside it. */
  pickOnRetake?: boolean;
  photo: Blob | null;
  error: string | null;
  onPhoto(photo: Blob | null): void;
}

/** A preview of a photo (an object URL, given back when the photo changes or goes). */
export function PhotoPreview({ photo, alt }: { photo: Blob; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(photo), [photo]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <img src={url} alt={alt} className="img-thumbnail d-block mb-2" style={{ maxHeight: 240 }} />
  );
}

/**
 * A photo to take or choose (phones offer their camera: `capture`), with a preview, a retake
 * button, and the server's message below it. Files over 10 MB are refused before sending.
 */
export function PhotoField({
  id,
  label,
  hint,
  what,
  capture,
  pickOnRetake = true,
  photo,
  error,
  onPhoto,
}: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const message = tooLarge ? checksCopy.photoTooLarge : error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const large = file !== null && file.size > photoMaxBytes;
    setTooLarge(large);
    onPhoto(large ? null : file);
  }

  function retake() {
    if (input.current) {
      input.current.value = '';
      input.current.focus();
      if (pickOnRetake) input.current.click();
    }
    setTooLarge(false);
    onPhoto(null);
  }

  return (
    <Form.Group controlId={id} className="mb-3">
      <Form.Label>{label}</Form.Label>
      <Form.Text id={hintId} className="d-block mb-2">
        {hint}
      </Form.Text>
      {photo ? <PhotoPreview photo={photo} alt={checksCopy.photoPreview(what)} /> : null}
      <Form.Control
        ref={input}
        type="file"
        accept={photoAcceptTypes}
        capture={capture}
        onChange={chosen}
        isInvalid={Boolean(message)}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${hintId} ${errorId}` : hintId}
      />
      {photo ? (
        <Button variant="outline-secondary" size="sm" onClick={retake}>
          {checksCopy.retake(what)}
        </Button>
      ) : null}
      {message ? (
        <Form.Control.Feedback type="invalid" id={errorId} className="d-block" role="alert">
          {message}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
