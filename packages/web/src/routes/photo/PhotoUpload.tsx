import { type CheckResult, type PhotoKind } from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate } from 'react-router';
import { sendPhoto, type PhotoRoute } from '../../api/photoId';
import { CheckAlert } from '../../components/checks/CheckAlert';
import { DocumentCheckOutcome } from '../../components/checks/DocumentCheckOutcome';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { BusyButton } from '../../components/form/BusyButton';
import { WaitScreen } from '../../components/WaitScreen';
import { checkLabels, checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { PhotoField } from './PhotoField';
import { photoFailure } from './photoFailure';
import { SelfieCamera } from './SelfieCamera';

export interface PhotoDocument {
  /** As the page's title names it: 'Passport', 'Driving Licence'. */
  name: 'Passport' | 'Driving Licence';
  route: Extract<PhotoRoute, 'passport' | 'drivinglicence'>;
}

type PerPhoto<T> = Record<PhotoKind, T>;

/**
 * 'Take or upload photos without the app': the document's photo and, when the request asks
 * for SelfieComparison (the chosen option has it), a selfie from the webcam or a file, on the
 * same screen. The document is checked first, then the selfie is compared with its face; each
 * problem is said next to its photo, to be taken again.
 */
export function PhotoUpload({ document }: { document: PhotoDocument }) {
  const { user, assuranceChoice, assuranceChanged, clearLogin } = useAuth();
  const navigate = useNavigate();
  const differentOption = useDifferentOption();
  // Read once: the choice shrinks as the checks pass.
  const [wantsSelfie] = useState(() => assuranceChoice.includes('SelfieComparison'));
  // The selfie is compared with a document photographed on this visit, even one passed before.
  const [documentDone, setDocumentDone] = useState(false);
  const [photos, setPhotos] = useState<PerPhoto<Blob | null>>({ document: null, selfie: null });
  const [errors, setErrors] = useState<PerPhoto<string | null>>({ document: null, selfie: null });
  const [offerOther, setOfferOther] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [needsProfile, setNeedsProfile] = useState(false);
  const [busy, setBusy] = useState(false);
  // A vendor's check answers later: the spec's wait screen until it is settled.
  const [waiting, setWaiting] = useState(false);
  const [result, setResult] = useState<CheckResult | null>(null);
  const lower = document.name.toLowerCase();
  const what: PerPhoto<string> = {
    document: checksCopy.documentPhoto(lower).toLowerCase(),
    selfie: 'selfie',
  };

  const setPhoto = (kind: PhotoKind) => (photo: Blob | null) => {
    setPhotos((current) => ({ ...current, [kind]: photo }));
    setErrors((current) => ({ ...current, [kind]: null }));
  };

  function missing(): PhotoKind | null {
    if (!documentDone && !photos.document) return 'document';
    if (wantsSelfie && !photos.selfie) return 'selfie';
    return null;
  }

  async function send(kind: PhotoKind, photo: Blob): Promise<CheckResult> {
    const route = kind === 'selfie' ? 'selfie' : document.route;
    const answer = await sendPhoto(route, photo, () => setWaiting(true)).finally(() =>
      setWaiting(false),
    );
    if (user !== null) assuranceChanged(answer.assuranceChoice, answer.userRequirements);
    return answer;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const absent = missing();
    if (absent) {
      setErrors((current) => ({ ...current, [absent]: checksCopy.photoRequired(what[absent]) }));
      window.document.getElementById(`photo-${absent}`)?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    setOfferOther(false);
    let done = documentDone;
    try {
      if (!done) {
        const answer = await send('document', photos.document!);
        if (!answer.verified || !wantsSelfie) return setResult(answer);
        setDocumentDone(true);
        done = true;
      }
      setResult(await send('selfie', photos.selfie!));
    } catch (error) {
      const failure = photoFailure(error, done ? 'selfie' : 'document');
      if (failure.kind === 'login') {
        clearLogin();
        void navigate('/login', { replace: true });
      } else if (failure.kind === 'retake' && failure.image === 'document' && done) {
        // The document's photo, already checked, is what the selfie could not be compared with.
        setMessage(failure.message);
        setOfferOther(failure.offerOther);
      } else if (failure.kind === 'retake') {
        setErrors((current) => ({ ...current, [failure.image]: failure.message }));
        setOfferOther(failure.offerOther);
        window.document.getElementById(`photo-${failure.image}`)?.focus();
      } else {
        setMessage(failure.kind === 'refused' ? checksCopy.checkError : failure.message);
        setNeedsProfile(failure.kind === 'profile');
      }
    } finally {
      setBusy(false);
    }
  }

  if (waiting) return <WaitScreen />;

  if (result)
    return <DocumentCheckOutcome title={checkLabels[result.check]} verified={result.verified} />;

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={checksCopy.uploadTitle}>
      <p>{checksCopy.uploadIntro(lower)}</p>
      {wantsSelfie ? <p>{checksCopy.selfieIntro}</p> : null}
      {documentDone ? (
        <p role="status">{checksCopy.documentDone(lower)}</p>
      ) : (
        <PhotoField
          id="photo-document"
          label={checksCopy.documentPhoto(lower)}
          hint={checksCopy.documentPhotoHint(lower)}
          what={what.document}
          capture="environment"
          photo={photos.document}
          error={errors.document}
          onPhoto={setPhoto('document')}
        />
      )}
      {wantsSelfie ? (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{checksCopy.selfie}</legend>
          <p className="form-text">{checksCopy.selfieHint}</p>
          {photos.selfie === null ? <SelfieCamera onCapture={setPhoto('selfie')} /> : null}
          <PhotoField
            id="photo-selfie"
            label={checksCopy.orChooseFile}
            hint={checksCopy.selfieHint}
            what={what.selfie}
            capture="user"
            pickOnRetake={false}
            photo={photos.selfie}
            error={errors.selfie}
            onPhoto={setPhoto('selfie')}
          />
        </fieldset>
      ) : null}
      {offerOther ? (
        <Button variant="outline-primary" className="me-2" onClick={() => void differentOption()}>
          {checksCopy.differentOption}
        </Button>
      ) : null}
      <BusyButton busy={busy} label={checksCopy.sendPhotos} busyLabel={checksCopy.sendingPhotos} />
      <CheckAlert message={message} needsProfile={needsProfile} />
    </Form>
  );
}
