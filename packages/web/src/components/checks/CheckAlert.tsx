import { Alert } from '../Alert';
import { Link } from 'react-router';
import { checksCopy } from '../../copy/checks';

/**
 * A check form's message after a call (role alert), with a link to /Profile when the check
 * needs the profile's name and birth date first (identity_details_required).
 */
export function CheckAlert({
  message,
  needsProfile,
}: {
  message: string | null;
  needsProfile: boolean;
}) {
  if (message === null) return null;
  return (
    <Alert variant="danger" role="alert" className="mt-3">
      {message}
      {needsProfile && (
        <>
          {' '}
          <Link to="/Profile">{checksCopy.toProfile}</Link>
        </>
      )}
    </Alert>
  );
}
