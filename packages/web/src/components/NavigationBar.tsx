import { useState } from 'react';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { brand } from '../copy/brand';
import { navigationCopy } from '../copy/navigation';
import { signOutChosen } from '../state/signOutChosen';
import { useAuth } from '../state/authContext';
import { BrandMark } from './look/BrandMark';
import { LanguageSwitcher } from './LanguageSwitcher';
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
          aria-label={navigationCopy.toggle}
          onClick={() => setExpanded((wasExpanded) => !wasExpanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-menu" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
          <ul className="navbar-nav ms-auto">
            <LanguageSwitcher />
            <NavMenu title={navigationCopy.about} id="about-menu">
              <NavMenuItem to="/terms">{navigationCopy.terms}</NavMenuItem>
              <NavMenuItem to="/privacy">{navigationCopy.privacy}</NavMenuItem>
              <NavMenuItem to="/contact">{navigationCopy.contact}</NavMenuItem>
            </NavMenu>
            {email ? (
              <NavMenu title={email} id="account-menu">
                <NavMenuItem to="/account/share">{navigationCopy.share}</NavMenuItem>
                <NavMenuItem to="/account/signin-methods">
                  {navigationCopy.signInMethods}
                </NavMenuItem>
                <NavMenuItem to="/account/consents">{navigationCopy.consents}</NavMenuItem>
                <NavMenuItem to="/account/delete">{navigationCopy.deleteAccount}</NavMenuItem>
                <NavMenuItem to="/logout" state={signOutChosen}>
                  {navigationCopy.signOut}
                </NavMenuItem>
              </NavMenu>
            ) : null}
          </ul>
        </div>
      </Container>
    </nav>
  );
}
