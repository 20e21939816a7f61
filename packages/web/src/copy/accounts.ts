import { localized } from './language';

/**
 * Texts of the sign-in screens, worded as the spec has them (first document, sections 2
 * and 8; second document, /verifyemail and section 8). Texts the spec leaves out are ours.
 */
export const accountsCopy = localized('accountsCopy', {
  loginTitle: 'Log in',
  loginTitleWithClient: (client: string) => `Log in to share your details with ${client}`,
  login: 'Login',
  pleaseWait: 'Please wait...',
  rememberMe: 'Remember me',
  forgotPassword: 'Forgot Password',
  noAccount: "Don't have an account?",
  registerHere: 'Register here',
  loginFailed:
    'We do not recognise that e-mail and password combination, please check and try again.',
  /** After every failed login alike (a wrong password or a locked account): what to do next. */
  loginFailedHint: 'Forgotten your password, or locked out after too many tries?',
  loginFailedReset: 'Reset your password',
  loginError: 'Oops something went wrong, please try again later.',

  signupTitle: 'Sign up',
  signupTitleWithClient: (client: string) => `Sign up to access ${client}`,
  signupWithEmail: 'Sign up with your e-mail address.',
  haveAccount: 'Already have an account?',
  logIn: 'Log in',

  signup2Title: 'Create your account',
  acceptTerms: 'I accept the',
  termsLink: 'terms and conditions',
  createAccount: 'Create my account',
  creatingAccount: 'Creating account...',
  registerError: 'Oops something went wrong, please try again later',

  email: 'Email',
  password: 'Password',
  newPassword: 'New password',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  didYouMean: 'Did you mean',
  emailInvalid: 'Email is invalid',
  passwordTooWeak: 'Please choose a stronger password.',
  passwordStrength: 'Password strength',
  strengthNames: ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const,

  verifyEmailTitle: 'Verify your e-mail',
  sendVerificationEmail: 'Send verification email',
  sendingVerificationEmail: 'Sending verification email...',
  enterCodeSentTo: 'Please enter the code we sent to',
  code: 'Code',
  back: 'Back',
  verify: 'Verify',
  verifying: 'Verifying...',
  tryAgain: 'Try again',
  resending: 'Resending...',
  startOver: 'Start over',
  invalidCode: 'This value is not correct, please check the code in the e-mail carefully.',
  codeExpiredCanResend:
    'Your e-mail verification code has expired. Please use the button below to try again.',
  codeExpiredCannotResend:
    'Your e-mail verification code has expired. You will need to sign up again.',
  verifyError: 'Oops something went wrong, please try again.',

  forgotPasswordTitle: 'Forgot your password?',
  forgotPasswordIntro: 'Enter the e-mail address of your account and we will send you a code.',
  sendEmail: 'Send Email',
  sending: 'Sending...',
  verifyYourEmail: 'Verify your email',
  resetCodeSent: (email: string) =>
    `If ${email} has an account, we have sent a 6-digit code to it. Please enter it below.`,
  codeLength: 'The code should be 6 digits long',
  codeDigits: 'The code should be numbers only',
  newPasswordTitle: 'Choose a new password',
  setNewPassword: 'Set new password',
  saving: 'Saving...',
  resetCodeExpired: 'Your code is no longer valid. Please send the e-mail again.',
  passwordChangedTitle: 'Password changed',
  passwordChanged: 'Your password has been changed.',

  logoutTitle: 'Log out',
} as const);
