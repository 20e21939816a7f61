import { socialProviderNames, type SocialProvider } from '@verity/contracts';
import { localized } from './language';

const name = (provider: SocialProvider) => socialProviderNames[provider];

/**
 * Texts of social login and the sign-in methods page. The spec shows the buttons but not
 * their failure messages (first document, section 8): these are ours.
 */
export const socialCopy = localized('socialCopy', {
  loginWith: (provider: SocialProvider) => `Log in with ${name(provider)}`,
  signupWith: (provider: SocialProvider) => `Sign up with ${name(provider)}`,
  linkWith: (provider: SocialProvider) => `Link ${name(provider)}`,
  waitingFor: (provider: SocialProvider) =>
    `Continue in the ${name(provider)} window that has opened...`,

  cancelled: (provider: SocialProvider) =>
    `You cancelled signing in with ${name(provider)}. Choose another way, or try again.`,
  providerError: (provider: SocialProvider) =>
    `${name(provider)} could not sign you in. Please try again later.`,
  emailNotVerified: (provider: SocialProvider) =>
    `${name(provider)} has not verified your e-mail address, so we cannot use it. Verify it at ${name(provider)}, or sign up with your e-mail address and a password.`,
  stateMismatch:
    'This sign-in attempt has expired or was started in another window. Please try again.',
  signupRequired: (provider: SocialProvider) =>
    `There is no account with your ${name(provider)} e-mail address yet. Sign up to create one.`,
  linkRequired: (provider: SocialProvider) =>
    `An account with this e-mail address already exists. Log in with your e-mail address and password, then link ${name(provider)} from your account's sign-in methods.`,
  identityInUse: (provider: SocialProvider) =>
    `This ${name(provider)} account is already linked to another account.`,
  alreadyLinked: (provider: SocialProvider) =>
    `You have already linked a ${name(provider)} account. Remove it first to link another.`,
  lastMethod: 'This is your only way to sign in, so it cannot be removed.',
  unknownError: 'Oops something went wrong, please try again later.',

  callbackTitle: 'Signing you in',
  callbackDone: 'You can close this window.',
  backToLogin: 'Back to log in',

  methodsTitle: 'Sign-in methods',
  methodsIntro: 'The ways you can log in to your account.',
  password: 'E-mail and password',
  linkedOn: (date: string) => `Linked on ${date}`,
  remove: 'Remove',
  removing: 'Removing...',
  onlyMethod: 'This is your only way to sign in.',
  addMethod: 'Link another way to sign in',
  addPassword: 'To log in with your e-mail address and a password too, set one with',
  setPassword: 'Forgot Password',
  linked: (provider: SocialProvider) => `${name(provider)} is now linked to your account.`,
  removed: (provider: SocialProvider) => `${name(provider)} has been removed.`,
  providerName: name,
});
