import type { SpaRoute } from '@verity/contracts';
import { Suspense, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { NotFound } from '../components/NotFound';
import { ScreenLoading } from '../components/ScreenLoading';
import { lazyScreen } from './lazyScreen';

// Each screen is its own chunk, loaded when its route is first visited: the first paint needs
// only the shell and that one screen. One declaration per screen; several routes may share one.
const AboutPage = lazyScreen(() => import('./about/AboutPage'), 'AboutPage');
const AuthorizePage = lazyScreen(() => import('./authorize/AuthorizePage'), 'AuthorizePage');
const ConsentPage = lazyScreen(() => import('./consent/ConsentPage'), 'ConsentPage');
const ContactPage = lazyScreen(() => import('./contact/ContactPage'), 'ContactPage');
const ForgotPasswordPage = lazyScreen(
  () => import('./forgotpassword/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const HomePage = lazyScreen(() => import('./home/HomePage'), 'HomePage');
const LoginPage = lazyScreen(() => import('./login/LoginPage'), 'LoginPage');
const LogoutPage = lazyScreen(() => import('./logout/LogoutPage'), 'LogoutPage');
const PrivacyPage = lazyScreen(() => import('./privacy/PrivacyPage'), 'PrivacyPage');
const ProfilePage = lazyScreen(() => import('./profile/ProfilePage'), 'ProfilePage');
const RequestEntryPage = lazyScreen(
  () => import('./requests/RequestEntryPage'),
  'RequestEntryPage',
);
const SecondFactorPage = lazyScreen(
  () => import('./secondfactor/SecondFactorPage'),
  'SecondFactorPage',
);
const SendResponsePage = lazyScreen(
  () => import('./sendresponse/SendResponsePage'),
  'SendResponsePage',
);
const SignupPage = lazyScreen(() => import('./signup/SignupPage'), 'SignupPage');
const Signup2Page = lazyScreen(() => import('./signup2/Signup2Page'), 'Signup2Page');
const TermsPage = lazyScreen(() => import('./terms/TermsPage'), 'TermsPage');
const VerifyEmailPage = lazyScreen(
  () => import('./verifyemail/VerifyEmailPage'),
  'VerifyEmailPage',
);
const ObCallbackPage = lazyScreen(() => import('./obcallback/ObCallbackPage'), 'ObCallbackPage');
const ObSelectPage = lazyScreen(() => import('./obselect/ObSelectPage'), 'ObSelectPage');
const CallbackPage = lazyScreen(() => import('./callback/CallbackPage'), 'CallbackPage');
const SignInMethodsPage = lazyScreen(
  () => import('./account/signin-methods/SignInMethodsPage'),
  'SignInMethodsPage',
);
const BankAccountPage = lazyScreen(
  () => import('./bankaccount/BankAccountPage'),
  'BankAccountPage',
);
const SharePage = lazyScreen(() => import('./account/share/SharePage'), 'SharePage');
const RequestProofPage = lazyScreen(
  () => import('./account/requestproof/RequestProofPage'),
  'RequestProofPage',
);
const ConsentsPage = lazyScreen(() => import('./account/consents/ConsentsPage'), 'ConsentsPage');
const DeleteAccountPage = lazyScreen(
  () => import('./account/delete/DeleteAccountPage'),
  'DeleteAccountPage',
);
const SharedIdentityPage = lazyScreen(
  () => import('./shared/SharedIdentityPage'),
  'SharedIdentityPage',
);
const VerifyOptionsPage = lazyScreen(
  () => import('./verifyoptions/VerifyOptionsPage'),
  'VerifyOptionsPage',
);
const VerifyPage = lazyScreen(() => import('./verify/VerifyPage'), 'VerifyPage');
const PassportPage = lazyScreen(() => import('./passport/PassportPage'), 'PassportPage');
const CancelPage = lazyScreen(() => import('./cancel/CancelPage'), 'CancelPage');
const KbvPage = lazyScreen(() => import('./kbv/KbvPage'), 'KbvPage');
const DrivingLicencePage = lazyScreen(
  () => import('./drivinglicence/DrivingLicencePage'),
  'DrivingLicencePage',
);
const CreditCardPage = lazyScreen(() => import('./creditcard/CreditCardPage'), 'CreditCardPage');
const MnoPage = lazyScreen(() => import('./mno/MnoPage'), 'MnoPage');
const DocumentPhotoPage = lazyScreen(
  () => import('./photo/DocumentPhotoPage'),
  'DocumentPhotoPage',
);
const MpinSetupPage = lazyScreen(() => import('./mpinsetup/MpinSetupPage'), 'MpinSetupPage');
const MpinLoginPage = lazyScreen(() => import('./mpinlogin/MpinLoginPage'), 'MpinLoginPage');
const MpinDetectPage = lazyScreen(() => import('./mpindetect/MpinDetectPage'), 'MpinDetectPage');
const MpinDonePage = lazyScreen(() => import('./mpindone/MpinDonePage'), 'MpinDonePage');
const MpinAccessPage = lazyScreen(() => import('./mpinaccess/MpinAccessPage'), 'MpinAccessPage');
const PhonePhotoPage = lazyScreen(() => import('./photo/PhonePhotoPage'), 'PhonePhotoPage');

// Routes of one screen share a key, so moving between them keeps the screen's state.
const screenKeys = new Map<unknown, string>();
function screenKey(element: ReactElement): string {
  if (!screenKeys.has(element.type)) screenKeys.set(element.type, `screen-${screenKeys.size}`);
  return screenKeys.get(element.type)!;
}

// React Router matches paths case-insensitively by default, as the spec's mixed case needs.
// Every route of contracts' spaRoutes has its screen: the compiler checks the keys.
const screens: Record<SpaRoute, ReactElement> = {
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
  '/account/share': <SharePage />,
  '/shared': <SharedIdentityPage />,
  '/account/requestproof': <RequestProofPage />,
  '/VerifyOptions': <VerifyOptionsPage />,
  '/Verify': <VerifyPage />,
  '/Passport': <PassportPage />,
  '/Cancel': <CancelPage />,
  '/obselect': <ObSelectPage />,
  '/obcallback/*': <ObCallbackPage />,
  '/ObCallback': <ObCallbackPage />,
  '/BankAccount': <BankAccountPage />,
  '/callback': <CallbackPage />,
  '/account/signin-methods': <SignInMethodsPage />,
  '/SecondFactor': <SecondFactorPage />,
  '/secondfactorlogin': <SecondFactorPage />,
  '/webauthn': <SecondFactorPage />,
  '/account/consents': <ConsentsPage />,
  '/account/delete': <DeleteAccountPage />,
  '/Kbv': <KbvPage />,
  '/DrivingLicence': <DrivingLicencePage />,
  '/CreditCard': <CreditCardPage />,
  '/MNO': <MnoPage />,
  '/PassportPhoto': <DocumentPhotoPage document="Passport" />,
  '/DrivingLicencePhoto': <DocumentPhotoPage document="Driving Licence" />,
  '/mpinsetup': <MpinSetupPage />,
  '/mpinlogin': <MpinLoginPage />,
  '/mpinlogin2': <MpinLoginPage />,
  '/mpindetect': <MpinDetectPage />,
  '/mpindone': <MpinDonePage />,
  '/mpinaccess': <MpinAccessPage />,
  '/photo': <PhonePhotoPage />,
};

export const routes: RouteObject[] = [
  ...Object.entries(screens).map(([path, element]) => ({
    path,
    // A boundary per screen: a navigation (a transition) to a screen not loaded yet shows
    // the loading state rather than keeping the previous screen on view with no sign of life.
    element: (
      <Suspense key={screenKey(element)} fallback={<ScreenLoading />}>
        {element}
      </Suspense>
    ),
  })),
  { path: '*', element: <NotFound /> },
];
