import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checksCopy } from '../../copy/checks';
import { PhotoUpload, type PhotoDocument } from './PhotoUpload';

const documents: Record<PhotoDocument['name'], PhotoDocument> = {
  Passport: { name: 'Passport', route: 'passport' },
  'Driving Licence': { name: 'Driving Licence', route: 'drivinglicence' },
};

/**
 * /PassportPhoto and /DrivingLicencePhoto: how to take the document's photo and a selfie
 * with the app, or, on the same screen, without it (PhotoUpload: the GenuinePassport,
 * GenuineDrivingLicence and SelfieComparison checks). The app's cross-device handoff comes
 * in its own change.
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
  const [withoutApp, setWithoutApp] = useState(false);
  const uploadHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (withoutApp) uploadHeading.current?.focus();
  }, [withoutApp]);
  return (
    <>
      <PageHeading>{checksCopy.photoTitle(document.name)}</PageHeading>
      <h2 className="h4 mt-3">{checksCopy.appInstructions}</h2>
      <ol>
        {checksCopy.appSteps(document.name.toLowerCase()).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
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
