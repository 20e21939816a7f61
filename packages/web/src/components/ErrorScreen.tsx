import { copy } from '../copy/common';
import { PageHeading } from './PageHeading';

/** The generic error screen; `detail` says more when the error has something to tell. */
export function ErrorScreen({ detail }: { detail?: string | null }) {
  return (
    <div className="py-4" role="alert">
      <PageHeading className="h3">{copy.genericError}</PageHeading>
      {detail ? <p className="mt-3">{detail}</p> : null}
    </div>
  );
}
