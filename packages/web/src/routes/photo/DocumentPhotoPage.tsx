import { useState } from 'react';
import { Alert } from '../../components/Alert';
import Button from 'react-bootstrap/Button';
import { useDifferentOption } from '../../components/checks/useDifferentOption';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { checksCopy } from '../../copy/checks';

/**
 * /PassportPhoto and /DrivingLicencePhoto: how to take the document's photo and a selfie
 * with the app. The upload without the app (and the GenuinePassport, GenuineDrivingLicence
 * and SelfieComparison checks behind it) comes later; until then its button says so.
 */
export function DocumentPhotoPage({ document }: { document: 'Passport' | 'Driving Licence' }) {
  return (
    <RequireSignedIn>
      <DocumentPhoto document={document} />
    </RequireSignedIn>
  );
}

function DocumentPhoto({ document }: { document: 'Passport' | 'Driving Licence' }) {
  const differentOption = useDifferentOption();
  const [withoutApp, setWithoutApp] = useState(false);
  return (
    <>
      <PageHeading>{checksCopy.photoTitle(document)}</PageHeading>
      <h2 className="h4 mt-3">{checksCopy.appInstructions}</h2>
      <ol>
        {checksCopy.appSteps(document.toLowerCase()).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2">
        <Button variant="outline-primary" onClick={() => void differentOption()}>
          {checksCopy.differentOption}
        </Button>
        <Button variant="outline-secondary" onClick={() => setWithoutApp(true)}>
          {checksCopy.withoutApp}
        </Button>
      </div>
      {withoutApp ? (
        <Alert variant="info" role="status" className="mt-3">
          {checksCopy.withoutAppUnavailable}
        </Alert>
      ) : null}
    </>
  );
}
