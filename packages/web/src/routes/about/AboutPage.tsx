import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';
import { aboutCopy as text } from '../../copy/legal';
import { navigationCopy } from '../../copy/navigation';

const { product, company } = brand;

/** /about: what Verity is, for a visitor who arrives without a sign-in request. */
export function AboutPage() {
  return (
    <article className="py-4">
      <PageHeading>{text.title(product)}</PageHeading>
      <p className="lead">{text.lead(product, company)}</p>
      <h2 className="h4 mt-4">{text.howTitle}</h2>
      <p>{text.how(product)}</p>
      <h2 className="h4 mt-4">{text.standardsTitle}</h2>
      <p>{text.standards(product)}</p>
      <h2 className="h4 mt-4">{text.moreTitle}</h2>
      <ul>
        <li>
          <Link to="/terms">{navigationCopy.terms}</Link>
        </li>
        <li>
          <Link to="/privacy">{navigationCopy.privacy}</Link>
        </li>
        <li>
          <Link to="/contact">{navigationCopy.contact}</Link>
        </li>
      </ul>
    </article>
  );
}
