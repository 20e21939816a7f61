import type * as en from '../common';
import type { Translation } from '../translation';

export const copy: Translation<typeof en.copy> = {
  genericError: "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  wait: 'Arhoswch...',
  notFoundTitle: "Heb ddod o hyd i'r dudalen",
  notFoundText: "Wps, ni allwn ddod o hyd i'r dudalen roeddech yn chwilio amdani",
  returnToHomepage: "Dychwelyd i'r hafan",
  notAvailableYet: "Nid yw'r dudalen hon ar gael eto.",
  logoutSuccessful: "Allgofnodi'n llwyddiannus. Rydych wedi cael eich allgofnodi.",
};
