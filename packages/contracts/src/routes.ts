/**
 * Every client-side route of both spec documents. The SPA renders them; the server answers
 * 200 with the SPA for these and 404 (still with the SPA, which shows Page Not Found) for
 * anything else. Paths match case-insensitively, as the spec writes them in mixed case.
 */
export const spaRoutes = [
  '/',
  '/login',
  '/signup',
  '/signup2',
  '/verifyemail',
  '/forgotpassword',
  '/callback',
  '/webauthn',
  '/SecondFactor',
  '/secondfactorlogin',
  '/Profile',
  '/Consent',
  '/authorize',
  '/sendresponse',
  '/requests/:requestId',
  '/logout',
  '/VerifyOptions',
  '/Verify',
  '/Kbv',
  '/Passport',
  '/DrivingLicence',
  '/CreditCard',
  '/BankAccount',
  '/DrivingLicencePhoto',
  '/PassportPhoto',
  '/MNO',
  '/mpinlogin',
  '/mpinlogin2',
  '/mpinsetup',
  '/mpindone',
  '/mpindetect',
  '/obselect',
  '/obcallback/*',
  '/Cancel',
  '/error',
  '/about',
  '/terms',
  '/privacy',
  '/contact',
  '/account/share',
  '/account/requestproof',
  '/account/consents',
  '/account/delete',
  '/shared',
  '/ObCallback',
  '/account/signin-methods',
  '/mpinaccess',
  // The phone's capture page of the photo checks (the desktop's link: /photo#<token>).
  '/photo',
] as const;

export type SpaRoute = (typeof spaRoutes)[number];

function toRegExp(route: string): RegExp {
  const body = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}/?$`, 'i');
}

const matchers = spaRoutes.map(toRegExp);

export function isSpaRoute(pathname: string): boolean {
  return matchers.some((matcher) => matcher.test(pathname));
}
