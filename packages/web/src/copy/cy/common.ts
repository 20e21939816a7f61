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

export const localErrorCopy: Translation<typeof en.localErrorCopy> = {
  internal_error: "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
  service_unavailable: "Nid yw'r gwasanaeth ar gael dros dro.",
  pin_revoked:
    'Rydych wedi defnyddio gormod o ymdrechion PIN. Bydd angen i ni eich ailwirio cyn y gallwch fewngofnodi ar y ddyfais hon.',
};
