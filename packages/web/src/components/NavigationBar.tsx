import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { brand } from '../copy/brand';
import { signOutChosen } from '../state/signOutChosen';
import { useAuth } from '../state/authContext';
import { BrandMark } from './look/BrandMark';
import { NavMenu, NavMenuItem } from './navMenu/NavMenu';

/**
 * The navigation bar, on Bootstrap's markup: below the md breakpoint its links fold behind a
 * toggle button. Plain markup rather than react-bootstrap's Navbar, which brings its
 * off-canvas variant (a modal with transitions) into every screen's first download.
 */
export function NavigationBar() {
  const { email } = useAuth();
  const [expanded, setExpanded] = useState(false);
  return (
    <nav className="navbar navbar-expand-md">
      <Container>
        <Link className="navbar-brand" to="/">
          <BrandMark />
          {brand.product}
        </Link>
        <button
          type="button"
          className="navbar-toggler"
          aria-controls="main-menu"
          aria-expanded={expanded}
          aria-label="Toggle navigation"
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-menu" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto">
            <NavMenu title="About" id="about-menu">
              <NavMenuItem to="/terms">Terms &amp; Conditions</NavMenuItem>
              <NavMenuItem to="/privacy">Privacy Policy</NavMenuItem>
              <NavMenuItem to="/contact">Contact Us</NavMenuItem>
            </NavMenu>
            {email ? (
              <NavMenu title={email} id="account-menu">
                <NavMenuItem to="/account/share">Share your identity</NavMenuItem>
                <NavMenuItem to="/account/signin-methods">Sign-in methods</NavMenuItem>
                <NavMenuItem to="/account/consents">Services you share details with</NavMenuItem>
                <NavMenuItem to="/account/delete">Delete your account</NavMenuItem>
                <NavMenuItem to="/logout" state={signOutChosen}>
                  Sign out
                </NavMenuItem>
              </NavMenu>
            ) : null}
          </ul>
        </div>
      </Container>
    </nav>
  );
}
