import type { CheckResult, PhotoHandoffTask, PhotoKind } from '@verity/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { ApiError } from '../../api/client';
import {
  handoffTask,
  openHandoff,
  sendHandoffPhoto,
  type HandoffKeys,
} from '../../api/photoHandoff';
import { PageHeading } from '../../components/PageHeading';
import { WaitScreen } from '../../components/WaitScreen';
import { BusyButton } from '../../components/form/BusyButton';
import { checksCopy } from '../../copy/checks';
import { DocumentCamera } from './DocumentCamera';
import { PhotoField } from './PhotoField';
import { photoFailure } from './photoFailure';
import { forgetPhoneLink, keepPhoneDevice, takePhoneLink } from './phoneLink';
import { phoneRefusal } from './phoneRefusal';
import { SelfieCamera } from './SelfieCamera';

type Step = 'loading' | 'document' | 'selfie' | 'done' | 'stopped';

/**
 * /photo: the phone's capture page, opened from the desktop's QR code or link (the token in
 * the fragment; phoneLink.ts). The first phone to open the link is bound to it. The document's
 * photo from the back camera under a frame guide, with glare and blur said before sending
 * (DocumentCamera), or a file; then, when the request asks for one, a selfie. Each photo is
 * checked as on the desktop; when the check is complete the user goes back to the computer,
 * which has moved on by itself.
 */
export function PhonePhotoPage() {
  const [keys, setKeys] = useState<HandoffKeys | null>(() => takePhoneLink());
  const [task, setTask] = useState<PhotoHandoffTask | null>(null);
  const [step, setStep] = useState<Step>(keys ? 'loading' : 'stopped');
  const [stopped, setStopped] = useState<string>(checksCopy.phoneNoLink);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offerOther, setOfferOther] = useState(false);
  const [busy, setBusy] = useState(false);
  /** A vendor's check under way (202 pending): the wait screen until it is settled. */
  const [waiting, setWaiting] = useState(false);

  function stop(failure: unknown) {
    forgetPhoneLink();
    const said = phoneRefusal(failure);
    setStopped(said ?? (failure instanceof ApiError ? failure.message : checksCopy.checkError));
    setStep('stopped');
  }

  useEffect(() => {
    if (!keys || task) return;
    let live = true;
    const load = keys.device
      ? handoffTask(keys)
      : openHandoff(keys.token).then((opened) => {
          keepPhoneDevice(opened.device);
          if (live) setKeys({ ...keys, device: opened.device });
          return opened;
        });
    load.then(
      (loaded) => {
        if (!live) return;
        setTask(loaded);
        setStep(loaded.documentDone ? 'selfie' : 'document');
      },
      (failure: unknown) => {
        if (live) stop(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [keys, task]);

  const document = task?.check === 'GenuineDrivingLicence' ? 'driving licence' : 'passport';
  const kind: PhotoKind = step === 'selfie' ? 'selfie' : 'document';
  const what = kind === 'selfie' ? 'selfie' : checksCopy.documentPhoto(document).toLowerCase();

  function choose(next: Blob | null) {
    setPhoto(next);
    setError(null);
  }

  function answered(result: CheckResult) {
    setPhoto(null);
    const selfieNext =
      kind === 'document' &&
      result.verified &&
      task?.selfie === true &&
      result.assuranceChoice.includes('SelfieComparison');
    if (selfieNext) return setStep('selfie');
    forgetPhoneLink();
    setStep('done');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !keys) return;
    if (!photo) {
      setError(checksCopy.photoRequired(what));
      window.document.getElementById(`photo-${kind}`)?.focus();
      return;
    }
    setBusy(true);
    setOfferOther(false);
    try {
      answered(
        await sendHandoffPhoto(keys, kind, photo, () => setWaiting(true)).finally(() =>
          setWaiting(false),
        ),
      );
    } catch (failure) {
      if (phoneRefusal(failure) !== null) return stop(failure);
      const said = photoFailure(failure, kind);
      if (said.kind === 'retake') {
        setError(said.message);
        setOfferOther(said.offerOther);
        window.document.getElementById(`photo-${kind}`)?.focus();
      } else if (said.kind === 'failed' || said.kind === 'profile') {
        setError(said.message);
      } else setError(checksCopy.checkError);
    } finally {
      setBusy(false);
    }
  }

  if (waiting) return <WaitScreen />;
  return (
    <>
      <PageHeading step={step}>{checksCopy.phoneTitle}</PageHeading>
      {step === 'loading' ? <p role="status">{checksCopy.handoffLoading}</p> : null}
      {step === 'stopped' ? <Alert variant="warning">{stopped}</Alert> : null}
      {step === 'done' ? (
        <Alert variant="success" role="status">
          {checksCopy.phoneDone}
        </Alert>
      ) : null}
      {step === 'document' || step === 'selfie' ? (
        <Form
          noValidate
          onSubmit={(event) => void submit(event)}
          aria-label={checksCopy.phoneTitle}
        >
          {step === 'document' ? (
            <p>{checksCopy.phoneIntro(document)}</p>
          ) : (
            <>
              <p role="status">{checksCopy.documentDone(document)}</p>
              <p>{checksCopy.phoneSelfieIntro}</p>
            </>
          )}
          {photo === null ? (
            step === 'document' ? (
              <DocumentCamera onCapture={choose} />
            ) : (
              <SelfieCamera onCapture={choose} />
            )
          ) : null}
          <PhotoField
            key={kind}
            id={`photo-${kind}`}
            label={checksCopy.orChooseFile}
            hint={
              kind === 'selfie' ? checksCopy.selfieHint : checksCopy.documentPhotoHint(document)
            }
            what={what}
            capture={kind === 'selfie' ? 'user' : 'environment'}
            pickOnRetake={false}
            photo={photo}
            error={error}
            onPhoto={choose}
          />
          {offerOther ? <p role="alert">{checksCopy.phoneOtherOption}</p> : null}
          <BusyButton
            busy={busy}
            label={checksCopy.sendPhoto}
            busyLabel={checksCopy.sendingPhoto}
          />
        </Form>
      ) : null}
    </>
  );
}
