import type * as en from '../contact';
import type { Translation } from '../translation';

export const contactCopy: Translation<typeof en.contactCopy> = {
  title: 'Cysylltu â ni',
  intro: 'Llenwch y ffurflen isod',
  email: 'Eich e-bost',
  name: 'Eich enw',
  help: 'Sut gallwn ni helpu?',
  honeypot: 'Gadewch y maes hwn yn wag',
  send: 'Anfon',
  sending: 'Yn anfon...',
  sent: "Diolch, mae eich neges wedi'i hanfon!",
  failed: "Wps, aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen",
};
