import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RedirectWhenSignedIn } from '../../components/RedirectWhenSignedIn';
import { SocialLoginSlot } from '../../components/SocialLoginSlot';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { signupPanel } from './sidePanel';
import { SignupSidePanel } from './SignupSidePanel';

/** /signup: social sign-up (terms first) or 'Register here' for an e-mail account. */
export function SignupPage() {
  return (
    <RedirectWhenSignedIn>
      <Signup />
    </RedirectWhenSignedIn>
  );
}

function Signup() {
  const { client, assuranceChoice } = useAuth();
  const title = client
    ? accountsCopy.signupTitleWithClient(client.clientName)
    : accountsCopy.signupTitle;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Row className="mt-3 g-4">
        <Col md={6}>
          <SocialLoginSlot mode="signup" />
          <p>{accountsCopy.signupWithEmail}</p>
          <Link className="btn btn-primary" to="/signup2">
            {accountsCopy.registerHere}
          </Link>
          <p className="mt-4">
            {accountsCopy.haveAccount} <Link to="/login">{accountsCopy.logIn}</Link>
          </p>
        </Col>
        <Col md={6}>
          <SignupSidePanel panel={signupPanel(client, assuranceChoice)} />
        </Col>
      </Row>
    </>
  );
}
