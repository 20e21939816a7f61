import type { SpaRoute } from '@verity/contracts';

/** The routes of contracts' spaRoutes that have their real screen already. */
export const builtScreens = [
  '/',
  '/requests/:requestId',
  '/about',
  '/error',
  '/login',
  '/signup',
  '/signup2',
  '/verifyemail',
  '/forgotpassword',
  '/authorize',
  '/sendresponse',
  '/logout',
  '/Profile',
  '/Consent',
  '/contact',
  '/terms',
  '/privacy',
  '/mpinsetup',
  '/mpinlogin',
  '/mpinlogin2',
  '/mpindetect',
] as const satisfies readonly SpaRoute[];

export type BuiltScreen = (typeof builtScreens)[number];

/**
 * The name of every other screen, shown by the not-available-yet page. Typed as a record
 * over the remaining routes, so a route added to contracts fails the type check here.
 */
export const comingScreens: Record<Exclude<SpaRoute, BuiltScreen>, string> = {
  '/callback': 'Social login',
  '/webauthn': 'Security key',
  '/SecondFactor': 'Security',
  '/secondfactorlogin': 'Login with 2FA',
  '/VerifyOptions': 'Verification options',
  '/Verify': 'Verify your identity',
  '/Kbv': 'Identity check',
  '/Passport': 'Passport',
  '/DrivingLicence': 'Driving Licence',
  '/CreditCard': 'Credit Card',
  '/BankAccount': 'Bank account',
  '/DrivingLicencePhoto': 'Driving licence photo',
  '/PassportPhoto': 'Passport photo',
  '/MNO': 'Verify Mobile Contract',
  '/mpindone': 'PIN ready',
  '/obselect': 'Choose your bank',
  '/obcallback/*': 'Bank login',
  '/Cancel': 'Cancel',
  '/account/share': 'Share your identity with others',
};
