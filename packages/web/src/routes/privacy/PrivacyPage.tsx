import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';
import { privacyCopy as text } from '../../copy/legal';
import { navigationCopy } from '../../copy/navigation';

const { product, company } = brand;

/** /privacy: the privacy policy (first document, Legal pages; version 1.1). */
export function PrivacyPage() {
  return (
    <article className="py-4">
      <PageHeading>{navigationCopy.privacy}</PageHeading>
      <p className="text-body-secondary">{text.version}</p>
      <p>{text.intro(product, company)}</p>

      <h2 className="h4 mt-4">{text.collectTitle}</h2>
      <ul>
        {text.collect.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>

      <h2 className="h4 mt-4">{text.keepTitle}</h2>
      <p>{text.keep(product)}</p>

      <h2 className="h4 mt-4">{text.whereTitle}</h2>
      <p>{text.where}</p>

      <h2 className="h4 mt-4">{text.agencyTitle}</h2>
      <p>{text.agency}</p>

      <h2 className="h4 mt-4">{text.shareTitle}</h2>
      <p>{text.shareIntro}</p>
      <ul>
        {text.shareWith(product).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>{text.shareServices(product)}</p>

      <h2 className="h4 mt-4">{text.cookiesTitle}</h2>
      <p>{text.cookies(product)}</p>
      <p>{text.languageCookie}</p>

      <h2 className="h4 mt-4">{text.rightsTitle}</h2>
      <p>{text.rightsIntro}</p>
      <ul>
        {text.rights.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p>
        {text.rightsBefore}
        <Link to="/contact">{text.rightsLink}</Link>
        {text.rightsAfter}
      </p>

      <h2 className="h4 mt-4">{text.withdrawTitle}</h2>
      <p>{text.withdraw(product)}</p>
    </article>
  );
}
