import { isLanguage, languageCookie, type Language, type Translation } from '@verity/contracts';

/** The texts of the pages oidc-provider shows itself: logout and its errors. */
const english = {
  logoutTitle: (product: string) => `Sign out of ${product}`,
  logoutQuestion: (product: string) => `Do you want to sign out of ${product}?`,
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  loggedOutTitle: 'Logout successful',
  loggedOut: 'Logout successful. You have been logged out.',
  returnHome: 'Return to homepage',
  errorTitle: 'Something went wrong',
  errorHeading: 'Oops. Something went wrong please try again later.',
  refused: (product: string) =>
    `The service that sent you here made a request ${product} cannot accept, so you have not been sent back to it.`,
  unavailable: (product: string) =>
    `${product} is briefly unavailable. Nothing is wrong with the request: try again in a moment.`,
  error: 'Error',
  details: 'Details',
} as const;

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  logoutTitle: (product) => `Allgofnodi o ${product}`,
  logoutQuestion: (product) => `Ydych chi am allgofnodi o ${product}?`,
  logoutYes: 'Ydw, allgofnodwch fi',
  logoutNo: 'Nac ydw, arhoswch wedi mewngofnodi',
  loggedOutTitle: "Allgofnodi'n llwyddiannus",
  loggedOut: "Allgofnodi'n llwyddiannus. Rydych wedi cael eich allgofnodi.",
  returnHome: "Dychwelyd i'r hafan",
  errorTitle: "Aeth rhywbeth o'i le",
  errorHeading: "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  refused: (product) =>
    `Gwnaeth y gwasanaeth a'ch anfonodd yma gais na all ${product} ei dderbyn, felly nid ydych wedi cael eich anfon yn ôl ato.`,
  unavailable: (product) =>
    `Nid yw ${product} ar gael am ychydig. Nid oes dim o'i le ar y cais: rhowch gynnig arall arni mewn munud.`,
  error: 'Gwall',
  details: 'Manylion',
};

export const providerPages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/** The language a browser chose, read from a Koa context (the provider's own requests). */
export function koaLanguage(ctx: {
  cookies: { get(name: string, options: { signed: boolean }): string | undefined };
}): Language {
  const chosen = ctx.cookies.get(languageCookie, { signed: false });
  return isLanguage(chosen) ? chosen : 'en';
}
