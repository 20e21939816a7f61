import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotAvailableYet } from '../components/NotAvailableYet';
import { NotFound } from '../components/NotFound';
import { AboutPage } from './about/AboutPage';
import { AuthorizePage } from './authorize/AuthorizePage';
import { ConsentPage } from './consent/ConsentPage';
import { ContactPage } from './contact/ContactPage';
import { ForgotPasswordPage } from './forgotpassword/ForgotPasswordPage';
import { HomePage } from './home/HomePage';
import { LoginPage } from './login/LoginPage';
import { LogoutPage } from './logout/LogoutPage';
import { PrivacyPage } from './privacy/PrivacyPage';
import { ProfilePage } from './profile/ProfilePage';
import { RequestEntryPage } from './requests/RequestEntryPage';
import { SendResponsePage } from './sendresponse/SendResponsePage';
import { SignupPage } from './signup/SignupPage';
import { Signup2Page } from './signup2/Signup2Page';
import { TermsPage } from './terms/TermsPage';
import { VerifyEmailPage } from './verifyemail/VerifyEmailPage';
import { comingScreens, type BuiltScreen } from './screens';
import { MpinSetupPage } from './mpinsetup/MpinSetupPage';
import { MpinLoginPage } from './mpinlogin/MpinLoginPage';
import { MpinDetectPage } from './mpindetect/MpinDetectPage';

// React Router matches paths case-insensitively by default, as the spec's mixed case needs.
const builtScreens: Record<BuiltScreen, ReactElement> = {
  '/': <HomePage />,
  '/requests/:requestId': <RequestEntryPage />,
  '/about': <AboutPage />,
  '/error': <ErrorScreen />,
  '/login': <LoginPage />,
  '/signup': <SignupPage />,
  '/signup2': <Signup2Page />,
  '/verifyemail': <VerifyEmailPage />,
  '/forgotpassword': <ForgotPasswordPage />,
  '/authorize': <AuthorizePage />,
  '/sendresponse': <SendResponsePage />,
  '/logout': <LogoutPage />,
  '/Profile': <ProfilePage />,
  '/Consent': <ConsentPage />,
  '/contact': <ContactPage />,
  '/terms': <TermsPage />,
  '/privacy': <PrivacyPage />,
  '/mpinsetup': <MpinSetupPage />,
  '/mpinlogin': <MpinLoginPage />,
  '/mpinlogin2': <MpinLoginPage />,
  '/mpindetect': <MpinDetectPage />,
};

const comingScreenPages = Object.fromEntries(
  Object.entries(comingScreens).map(([path, name]) => [
    path,
    <NotAvailableYet screenName={name} />,
  ]),
);

export const routes: RouteObject[] = [
  ...Object.entries({ ...builtScreens, ...comingScreenPages }).map(([path, element]) => ({
    path,
    element,
  })),
  { path: '*', element: <NotFound /> },
];
