import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';

const { product, company } = brand;

/** /terms: the terms and conditions (first document, Legal pages; version 1.0). */
export function TermsPage() {
  return (
    <article className="py-4">
      <PageHeading>Terms &amp; Conditions</PageHeading>
      <p className="text-body-secondary">Version 1.0, February 2021</p>

      <h2 className="h4 mt-4">Who we are</h2>
      <p>
        The {product} service is provided by {company} (&ldquo;we&rdquo;, &ldquo;us&rdquo;). These
        terms and conditions apply to your use of the {product} service. You accept them when you
        create your {product} account.
      </p>

      <h2 className="h4 mt-4">Our liability</h2>
      <p>Our total liability to you in connection with the {product} service is limited to £100.</p>

      <h2 className="h4 mt-4">Your right to cancel</h2>
      <p>
        You have a statutory right to cancel within 14 days. The 14-day cancellation period starts
        on the day after you register.
      </p>

      <h2 className="h4 mt-4">Verification searches</h2>
      <p>
        When you verify your identity, we carry out searches to check the details you give us. We
        keep a record of each verification search for 12 months.
      </p>

      <h2 className="h4 mt-4">Cancelling your account</h2>
      <p>
        You can cancel your account at any time, using the manage-account facility or by contacting
        our helpdesk. After you cancel, your account stays available for a period that we will tell
        you about when you cancel.
      </p>

      <h2 className="h4 mt-4">When we can end your account</h2>
      <p>
        If you seriously breach these terms and conditions, we may terminate your account without
        notice.
      </p>

      <h2 className="h4 mt-4">Complaints</h2>
      <p>
        If you are unhappy with the {product} service, please tell us through the{' '}
        <Link to="/contact">Contact Us</Link> page. We will:
      </p>
      <ul>
        <li>acknowledge your complaint within 5 business days;</li>
        <li>give you an update after 4 weeks;</li>
        <li>in most cases, send you our final response within 8 weeks.</li>
      </ul>
      <p>
        If you are not satisfied with our final response, you can refer your complaint to the
        Financial Ombudsman Service.
      </p>
    </article>
  );
}
