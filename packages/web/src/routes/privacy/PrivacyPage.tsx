import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';

const { product, company } = brand;

/** /privacy: the privacy policy (first document, Legal pages; version 1.1). */
export function PrivacyPage() {
  return (
    <article className="py-4">
      <PageHeading>Privacy Policy</PageHeading>
      <p className="text-body-secondary">Version 1.1, June 2021</p>
      <p>
        This policy explains how {company} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) uses your personal
        data when you use the {product} service.
      </p>

      <h2 className="h4 mt-4">The data we collect</h2>
      <ul>
        <li>Contact data, such as your name and e-mail address.</li>
        <li>
          Identity verification data: the details you give us to prove who you are, such as those of
          your passport, driving licence, card or bank account.
        </li>
        <li>Device data about the device and browser you use to reach the service.</li>
        <li>Credit data that a credit reference agency holds about you.</li>
      </ul>

      <h2 className="h4 mt-4">How long we keep it</h2>
      <p>
        We keep your personal data for as long as you use the {product} service, and for 7 years
        after your account is closed.
      </p>

      <h2 className="h4 mt-4">Where we keep it</h2>
      <p>We store your personal data encrypted, in the United Kingdom.</p>

      <h2 className="h4 mt-4">Credit reference agency</h2>
      <p>
        To verify your identity, we use a credit reference agency. It checks the details you give us
        against the records it holds.
      </p>

      <h2 className="h4 mt-4">Who we share it with</h2>
      <p>We share personal data with:</p>
      <ul>
        <li>our suppliers, who help us provide the service;</li>
        <li>resellers of the {product} service;</li>
        <li>fraud prevention agencies;</li>
        <li>public bodies.</li>
      </ul>
      <p>
        A service you sign in to with {product} receives only the details you agree to share with
        it.
      </p>

      <h2 className="h4 mt-4">Cookies</h2>
      <p>
        Cookies are small files that a website stores in your browser. Websites use session cookies,
        which last until you close your browser; preference cookies, which remember your choices;
        and analytics cookies, which record how you interact with the site. {product} itself sets
        only the cookies needed for signing in and for security.
      </p>

      <h2 className="h4 mt-4">Your rights</h2>
      <p>You have the right to:</p>
      <ul>
        <li>access the personal data we hold about you;</li>
        <li>have it corrected if it is wrong;</li>
        <li>have it erased;</li>
        <li>restrict how we use it;</li>
        <li>object to how we use it;</li>
        <li>receive it in a portable form;</li>
        <li>complain to the Information Commissioner&rsquo;s Office (ICO).</li>
      </ul>
      <p>
        To use these rights, please <Link to="/contact">contact us</Link>.
      </p>

      <h2 className="h4 mt-4">Withdrawing your consent</h2>
      <p>You can withdraw your consent at any time by closing your {product} account.</p>
    </article>
  );
}
