import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';
import { termsCopy as text } from '../../copy/legal';
import { navigationCopy } from '../../copy/navigation';

const { product, company } = brand;

/** /terms: the terms and conditions (first document, Legal pages; version 1.0). */
export function TermsPage() {
  return (
    <article className="py-4">
      <PageHeading>{navigationCopy.terms}</PageHeading>
      <p className="text-body-secondary">{text.version}</p>

      <h2 className="h4 mt-4">{text.whoTitle}</h2>
      <p>{text.who(product, company)}</p>

      <h2 className="h4 mt-4">{text.liabilityTitle}</h2>
      <p>{text.liability(product)}</p>

      <h2 className="h4 mt-4">{text.cancelTitle}</h2>
      <p>{text.cancel}</p>

      <h2 className="h4 mt-4">{text.searchesTitle}</h2>
      <p>{text.searches}</p>

      <h2 className="h4 mt-4">{text.closingTitle}</h2>
      <p>{text.closing}</p>

      <h2 className="h4 mt-4">{text.endingTitle}</h2>
      <p>{text.ending}</p>

      <h2 className="h4 mt-4">{text.complaintsTitle}</h2>
      <p>
        {text.complaintsBefore(product)}
        <Link to="/contact">{navigationCopy.contact}</Link>
        {text.complaintsAfter}
      </p>
      <ul>
        {text.complaintSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <p>{text.ombudsman}</p>
    </article>
  );
}
