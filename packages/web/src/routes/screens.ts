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
  '/account/share',
  '/shared',
  '/account/requestproof',
  '/VerifyOptions',
  '/Verify',
  '/Passport',
  '/Cancel',
  '/obselect',
  '/obcallback/*',
  '/ObCallback',
  '/BankAccount',
  '/callback',
  '/account/signin-methods',
  '/SecondFactor',
  '/secondfactorlogin',
  '/webauthn',
  '/account/consents',
  '/account/delete',
  '/Kbv',
  '/DrivingLicence',
  '/CreditCard',
  '/MNO',
  '/PassportPhoto',
  '/DrivingLicencePhoto',
  '/mpinsetup',
  '/mpinlogin',
  '/mpinlogin2',
  '/mpindetect',
  '/mpindone',
] as const satisfies readonly SpaRoute[];

export type BuiltScreen = (typeof builtScreens)[number];

/**
 * The name of every other screen, shown by the not-available-yet page. Typed as a record
 * over the remaining routes, so a route added to contracts fails the type check here.
 */
export const comingScreens: Record<Exclude<SpaRoute, BuiltScreen>, string> &
  Record<string, string> = {};
