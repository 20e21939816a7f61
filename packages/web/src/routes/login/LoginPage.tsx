import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RedirectWhenSignedIn } from '../../components/RedirectWhenSignedIn';
import { SocialLoginSlot } from '../../components/SocialLoginSlot';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { LoginForm } from './LoginForm';

/** /login: social buttons (one per configured provider) and the e-mail and password form. */
export function LoginPage() {
  return (
    <RedirectWhenSignedIn>
      <Login />
    </RedirectWhenSignedIn>
  );
}

function Login() {
  const { client } = useAuth();
  const title = client
    ? accountsCopy.loginTitleWithClient(client.clientName)
    : accountsCopy.loginTitle;
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Row className="mt-3 g-4">
        <SocialLoginSlot mode="login" />
        <Col md={8} lg={6}>
          <LoginForm />
          <p className="mt-4">
            {accountsCopy.noAccount} <Link to="/signup">{accountsCopy.registerHere}</Link>
          </p>
        </Col>
      </Row>
    </>
  );
}
