import { localized } from './language';

/** Texts of /contact (first document, /contact, section 5 and section 8). */
export const contactCopy = localized('contactCopy', {
  title: 'Contact Us',
  intro: 'Please fill out the form below',
  email: 'Your email',
  name: 'Your name',
  help: 'How can we help?',
  honeypot: 'Leave this field empty',
  send: 'Send',
  sending: 'Sending...',
  sent: 'Thank you, your message has been sent!',
  failed: 'Oops something went wrong, please try again later',
} as const);
