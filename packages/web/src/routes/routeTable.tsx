import type { SpaRoute } from '@verity/contracts';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
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
import { SecondFactorPage } from './secondfactor/SecondFactorPage';
import { SendResponsePage } from './sendresponse/SendResponsePage';
import { SignupPage } from './signup/SignupPage';
import { Signup2Page } from './signup2/Signup2Page';
import { TermsPage } from './terms/TermsPage';
import { VerifyEmailPage } from './verifyemail/VerifyEmailPage';
import { ObCallbackPage } from './obcallback/ObCallbackPage';
import { ObSelectPage } from './obselect/ObSelectPage';
import { CallbackPage } from './callback/CallbackPage';
import { SignInMethodsPage } from './account/signin-methods/SignInMethodsPage';
import { BankAccountPage } from './bankaccount/BankAccountPage';
import { SharePage } from './account/share/SharePage';
import { RequestProofPage } from './account/requestproof/RequestProofPage';
import { ConsentsPage } from './account/consents/ConsentsPage';
import { DeleteAccountPage } from './account/delete/DeleteAccountPage';
import { SharedIdentityPage } from './shared/SharedIdentityPage';
import { VerifyOptionsPage } from './verifyoptions/VerifyOptionsPage';
import { VerifyPage } from './verify/VerifyPage';
import { PassportPage } from './passport/PassportPage';
import { CancelPage } from './cancel/CancelPage';
import { KbvPage } from './kbv/KbvPage';
import { DrivingLicencePage } from './drivinglicence/DrivingLicencePage';
import { CreditCardPage } from './creditcard/CreditCardPage';
import { MnoPage } from './mno/MnoPage';
import { DocumentPhotoPage } from './photo/DocumentPhotoPage';
import { MpinSetupPage } from './mpinsetup/MpinSetupPage';
import { MpinLoginPage } from './mpinlogin/MpinLoginPage';
import { MpinDetectPage } from './mpindetect/MpinDetectPage';
import { MpinDonePage } from './mpindone/MpinDonePage';
import { MpinAccessPage } from './mpinaccess/MpinAccessPage';

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
};

export const routes: RouteObject[] = [
  ...Object.entries(screens).map(([path, element]) => ({
    path,
    element,
  })),
  { path: '*', element: <NotFound /> },
];
