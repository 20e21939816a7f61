import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { brand } from '../../copy/brand';
import { pinCopy } from '../../copy/pin';
import { useAuth } from '../../state/authContext';

/**
 * /mpindone: the end of a PIN set-up from an activation link (/mpinsetup?acttoken=); the spec
 * does not show this screen. It says the PIN is ready and offers the next step.
 */
export function MpinDonePage() {
  return (
    <RequireSignedIn>
      <MpinDone />
    </RequireSignedIn>
  );
}

function MpinDone() {
  const { nextStep } = useAuth();
  return (
    <>
      <PageHeading>{pinCopy.doneTitle(brand.product)}</PageHeading>
      <p>{pinCopy.doneText}</p>
      <Link className="btn btn-primary" to={nextStep()}>
        {pinCopy.doneContinue}
      </Link>
    </>
  );
}
