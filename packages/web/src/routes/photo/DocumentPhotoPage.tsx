import { checkRegistry, type HandoffDocument } from '@verity/contracts';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DocumentCheckOutcome } from '../../components/checks/DocumentCheckOutcome';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';
import { useAuth } from '../../state/authContext';
import { PhoneHandoff } from './PhoneHandoff';
import { PhotoUpload, type PhotoDocument } from './PhotoUpload';
import { usePhoneHandoff } from './usePhoneHandoff';

const documents: Record<PhotoDocument['name'], PhotoDocument> = {
  Passport: { name: 'Passport', route: 'passport' },
  'Driving Licence': { name: 'Driving Licence', route: 'drivinglicence' },
};

const checks: Record<PhotoDocument['name'], HandoffDocument> = {
  Passport: 'GenuinePassport',
  'Driving Licence': 'GenuineDrivingLicence',
};

/**
 * /PassportPhoto and /DrivingLicencePhoto: how to take the document's photo and a selfie
 * with the app, or, on the same screen, without it (PhotoUpload: the GenuinePassport,
 * GenuineDrivingLicence and SelfieComparison checks). 'The app' is the phone's capture page:
 * the instructions show its QR code and link (PhoneHandoff); once the phone has opened it the
 * page waits ('Please wait...') and moves on to the check's result by itself.
 */
export function DocumentPhotoPage({ document }: { document: PhotoDocument['name'] }) {
  return (
    <RequireSignedIn>
      <DocumentPhoto document={documents[document]} />
    </RequireSignedIn>
  );
}

function DocumentPhoto({ document }: { document: PhotoDocument }) {
  const differentOption = useDifferentOption();
  const { user, assuranceChanged } = useAuth();
  const handoff = usePhoneHandoff(checks[document.name]);
  const [withoutApp, setWithoutApp] = useState(false);
  const uploadHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (withoutApp) uploadHeading.current?.focus();
  }, [withoutApp]);
  const { result } = handoff;
  useEffect(() => {
    if (result && user !== null) assuranceChanged(result.assuranceChoice, result.userRequirements);
    // Once per result: the user's state changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);

  if (result)
    return (
      <DocumentCheckOutcome title={checkRegistry[result.check].label} verified={result.verified} />
    );
  if (handoff.state === 'phone_opened' && !withoutApp)
    return (
      <>
        <WaitScreen />
        <p className="text-center">{checksCopy.phoneWorking}</p>
        <div className="text-center">
          <Button variant="outline-primary" onClick={() => void differentOption()}>
            {checksCopy.differentOption}
          </Button>
        </div>
      </>
    );
  return (
    <>
      <PageHeading>{checksCopy.photoTitle(document.name)}</PageHeading>
      <h2 className="h4 mt-3">{checksCopy.appInstructions}</h2>
      <PhoneHandoff handoff={handoff} document={document.name.toLowerCase()} />
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => void differentOption()}>
          {checksCopy.differentOption}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => setWithoutApp(true)}
          aria-expanded={withoutApp}
          aria-controls="photo-upload"
        >
          {checksCopy.withoutApp}
        </Button>
      </div>
      {withoutApp ? (
        <section id="photo-upload" className="mt-4">
          <h2 className="h4" tabIndex={-1} ref={uploadHeading}>
            {checksCopy.uploadTitle}
          </h2>
          <PhotoUpload document={document} />
        </section>
      ) : null}
    </>
  );
}
