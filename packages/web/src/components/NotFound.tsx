import { copy } from '../copy/common';
import { Link } from 'react-router';
import { PageHeading } from './PageHeading';

/** Any path the app does not know. */
export function NotFound() {
  return (
    <div className="py-4">
      <PageHeading>{copy.notFoundTitle}</PageHeading>
      <p>{copy.notFoundText}</p>
      <Link className="btn btn-primary" to="/">
        {copy.returnToHomepage}
      </Link>
    </div>
  );
}
