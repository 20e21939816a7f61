/**
 * SOCIAL LOGIN GOES HERE (a later issue): the Facebook, Google and Microsoft buttons of
 * the first document (/login and /signup: "social buttons on one side"), opening the
 * provider in a 600 by 600 popup and posting the result to /api/login/{provider}. Until
 * then this renders nothing, so no button is shown that cannot work.
 */
export function SocialLoginSlot(_props: { mode: 'login' | 'signup' }) {
  return null;
}
