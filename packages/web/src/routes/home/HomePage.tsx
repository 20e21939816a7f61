import { Navigate } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';
import { WaitScreen } from '../../components/WaitScreen';
import { useAuth } from '../../state/authContext';
import { HomeColumns } from './HomeColumns';
import { homeRedirect } from './homeRedirect';

/** / : resumes a sign-in in progress, else greets the signed-in user, else goes to About. */
export function HomePage() {
  const auth = useAuth();
  if (!auth.sessionChecked) return <WaitScreen />;

  const destination = homeRedirect(auth, auth.nextStep);
  if (destination !== null) return <Navigate to={destination} replace />;

  return (
    <>
      <PageHeading>{`Welcome to ${brand.product}`}</PageHeading>
      <p>
        You are signed in{auth.email ? ' as ' : ''}
        {auth.email ? <strong>{auth.email}</strong> : null}.
      </p>
      <HomeColumns />
    </>
  );
}
