import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { brand } from '../../copy/brand';

const { product, company } = brand;

/** /about: what Verity is, for a visitor who arrives without a sign-in request. */
export function AboutPage() {
  return (
    <article className="py-4">
      <PageHeading>{`About ${product}`}</PageHeading>
      <p className="lead">
        {product} is a sign-in and identity verification service, run by {company}. Other websites
        and apps use it to let you sign in and, when they need to, to check who you are.
      </p>
      <h2 className="h4 mt-4">How it works</h2>
      <p>
        When a service you use sends you to {product}, you sign up or log in here, with a second
        step such as a code when the service asks for one. If the service needs to know who you are,
        you choose how to prove it, for example with your passport, driving licence, or bank
        account. Before anything is shared, {product} shows you the details the service has asked
        for, and only sends them once you agree. You then go back to the service.
      </p>
      <h2 className="h4 mt-4">Built on open standards</h2>
      <p>
        Services connect to {product} through OpenID Connect, the open standard behind many
        &ldquo;sign in with&rdquo; buttons. Services never see your {product} password: they receive
        only the details you agreed to share.
      </p>
      <h2 className="h4 mt-4">More information</h2>
      <ul>
        <li>
          <Link to="/terms">Terms &amp; Conditions</Link>
        </li>
        <li>
          <Link to="/privacy">Privacy Policy</Link>
        </li>
        <li>
          <Link to="/contact">Contact Us</Link>
        </li>
      </ul>
    </article>
  );
}
