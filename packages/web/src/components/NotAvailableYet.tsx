import { copy } from '@verity/contracts';
import { PageHeading } from './PageHeading';

/** Stands in for a screen of the spec that is not built yet. */
export function NotAvailableYet({ screenName }: { screenName: string }) {
  return (
    <div className="py-4">
      <PageHeading>{screenName}</PageHeading>
      <p>{copy.notAvailableYet}</p>
    </div>
  );
}
