import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { RedirectWhenSignedIn } from '../../components/RedirectWhenSignedIn';
import { accountsCopy } from '../../copy/accounts';
import { useAuth } from '../../state/authContext';
import { Signup2Form } from './Signup2Form';

/** /signup2: create an account with an e-mail and password; the code step follows. */
export function Signup2Page() {
  return (
    <RedirectWhenSignedIn>
      <Signup2 />
    </RedirectWhenSignedIn>
  );
}

function Signup2() {
  const { client } = useAuth();
  return (
    <>
      <PageHeading>{accountsCopy.signup2Title}</PageHeading>
      {client ? (
        <p className="lead">{accountsCopy.signupTitleWithClient(client.clientName)}</p>
      ) : null}
      <Row className="mt-3">
        <Col md={8} lg={6}>
          <Signup2Form />
          <p className="mt-4">
            {accountsCopy.haveAccount} <Link to="/login">{accountsCopy.logIn}</Link>
          </p>
        </Col>
      </Row>
    </>
  );
}
