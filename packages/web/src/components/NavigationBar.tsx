import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { Link } from 'react-router';
import { brand } from '../copy/brand';
import { signOutChosen } from '../state/signOutChosen';
import { useAuth } from '../state/authContext';

export function NavigationBar() {
  const { email } = useAuth();
  return (
    <Navbar expand="md" className="bg-body-tertiary border-bottom">
      <Container>
        <Navbar.Brand as={Link} to="/">
          {brand.product}
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-menu" />
        <Navbar.Collapse id="main-menu">
          <Nav className="ms-auto">
            <NavDropdown title="About" id="about-menu" align="end">
              <NavDropdown.Item as={Link} to="/terms">
                Terms &amp; Conditions
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to="/privacy">
                Privacy Policy
              </NavDropdown.Item>
              <NavDropdown.Item as={Link} to="/contact">
                Contact Us
              </NavDropdown.Item>
            </NavDropdown>
            {email ? (
              <NavDropdown title={email} id="account-menu" align="end">
                <NavDropdown.Item as={Link} to="/account/share">
                  Share your identity
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to="/account/signin-methods">
                  Sign-in methods
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to="/account/consents">
                  Services you share details with
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to="/account/delete">
                  Delete your account
                </NavDropdown.Item>
                <NavDropdown.Item as={Link} to="/logout" state={signOutChosen}>
                  Sign out
                </NavDropdown.Item>
              </NavDropdown>
            ) : null}
          </Nav>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
