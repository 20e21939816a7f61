import { errorCatalogue, type ErrorCode, type Language, type Translation } from '@verity/contracts';

type CodeMessages = { readonly [Code in ErrorCode]: string };

/**
 * The human message of every API error (`{ error: { code, message } }`), which screens show,
 * in the request's language (http/errorHandler.ts). The English is the contracts catalogue's,
 * unchanged; the SPA still decides on `code`, never on the message.
 */
const english = {
  codes: Object.fromEntries(
    Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message]),
  ) as CodeMessages,
  /** Messages of some refusals that say more than their code's (ApiError's message). */
  passwordLocked:
    "Too many wrong passwords: password login is locked. Use 'Forgot Password' to set a new one.",
  checkComplete: (check: string) => `Your ${check} check is already complete.`,
  checkNotAgain:
    'This check cannot be tried again now. Please choose a different verification option.',
  noCheckNeeded: 'This request needs no identity check now.',
  checkNotNeeded: 'This check is not needed now.',
  notAnOption: 'This is not one of the options for this request.',
  kbvMismatch:
    'Sorry we have been unable to verify your details match your credit file. Unfortunately we are unable to verify your identity at this time.',
  kbvHeldBack: 'Unfortunately we are unable to verify your identity at this time.',
  /** A card of the other kind than the client needs (features/card/cardNeeded.ts). */
  cardNeeded: {
    CreditCard: (client: string) =>
      `${client} needs a credit card, and this is a debit card. Please enter a credit card, or choose a different verification option.`,
    DebitCard: (client: string) =>
      `${client} needs a debit card, and this is a credit card. Please enter a debit card, or choose a different verification option.`,
    thisService: 'This service',
  },
  notAnAccount: 'This account number does not exist at this sort code. Please check both.',
  signatureTime: 'The signature’s time is not now.',
  kbvDetailsFirst: 'Please give your name, date of birth and address first.',
  typedAccountMismatch:
    'Sorry we have been unable to verify that this bank account is in your name. Unfortunately we are unable to verify your identity at this time.',
};

/** Welsh in the formal register; it awaits review by a native speaker (docs/i18n.md). */
const welsh: Translation<typeof english> = {
  codes: {
    validation_failed: "Nid yw'r cais yn ddilys.",
    malformed_json: 'Nid yw corff y cais yn JSON dilys.',
    unsupported_media_type: 'Anfonwch gorff y cais fel JSON.',
    payload_too_large: 'Mae corff y cais yn rhy fawr.',
    not_found: 'Nid oes dim byd yn y cyfeiriad hwn.',
    method_not_allowed: 'Ni chaniateir y dull hwn yma.',
    metrics_token_invalid: 'Anfonwch y tocyn metrigau fel tocyn cludwr.',
    request_not_found:
      "Mae'r cais mewngofnodi hwn wedi dod i ben neu nid yw'n bodoli. Dechreuwch eto o'r gwasanaeth y daethoch ohono.",
    request_binding_lost:
      "Collon ni olwg ar y cais mewngofnodi hwn am eiliad. Ail-lwythwch y dudalen, neu dechreuwch eto o'r gwasanaeth y daethoch ohono.",
    request_not_bound:
      "Cafodd y cais mewngofnodi hwn ei ddechrau mewn porwr arall. Dechreuwch eto o'r gwasanaeth y daethoch ohono.",
    cross_origin_request: 'Daeth y cais hwn o wefan arall a chafodd ei wrthod.',
    invalidCode: "Mae'r cod yn anghywir, rhowch gynnig arall arni.",
    codeExpiredCanResend: "Mae'r cod wedi dod i ben.",
    codeExpiredCannotResend: "Mae'r cod wedi dod i ben ac nid oes modd ei anfon eto.",
    weak_password: 'Dewiswch gyfrinair cryfach.',
    not_signed_in: 'Mewngofnodwch yn gyntaf.',
    step_not_allowed: "Nid yw'r cam hwn ar gael nawr.",
    conflict: "Mae hyn eisoes wedi'i wneud neu mae eisoes yn cael ei ddefnyddio.",
    earlier_step_required: 'Gorffennwch gamau cynharach y mewngofnodi hwn yn gyntaf.',
    rate_limited: 'Gormod o ymdrechion. Arhoswch am ychydig a rhowch gynnig arall arni.',
    not_available: "Nid yw'r nodwedd hon ar gael eto.",
    service_unavailable: "Nid yw'r gwasanaeth ar gael dros dro.",
    internal_error: "Wps. Aeth rhywbeth o'i le, rhowch gynnig arall arni yn nes ymlaen.",
    share_limit_reached:
      "Rydych wedi rhannu eich hunaniaeth â'r nifer mwyaf o bobl a ganiateir (4).",
    already_shared: "Rydych eisoes wedi rhannu eich hunaniaeth â'r cyfeiriad e-bost hwn.",
    share_link_invalid:
      "Mae'r ddolen hon wedi dod i ben neu nid yw'n ddilys. Gofynnwch i'r anfonwr ei rhannu eto.",
    consent_not_found: "Nid ydych wedi rhannu eich manylion â'r gwasanaeth hwn.",
    wrong_password: "Mae'r cyfrinair yn anghywir.",
    unknown_bank: "Nid yw'r banc hwn yn cael ei gynnig.",
    ob_state_invalid:
      "Mae'r mewngofnodi banc hwn wedi dod i ben neu ni chafodd ei ddechrau yma. Dewiswch eich banc eto.",
    NoBankAccounts:
      "Efallai mai cardiau credyd, benthyciadau neu forgeisi yw'r cyfrifon a rannwyd gennych. Dewiswch gyfrif banc a rhowch gynnig arall arni.",
    NoAccountNumber: 'Ni roddodd eich banc rif y cyfrif. Rhowch gynnig ar gyfrif arall.',
    NoAccounts:
      'Ni rannwyd cyfrif y gellir ei ddefnyddio. Dewiswch gyfrif a rhowch gynnig arall arni.',
    provider_error:
      "Mae'n ddrwg gennym, nid oeddem yn gallu cysylltu â'ch banc. Rhowch gynnig arall arni yn nes ymlaen.",
    TEMPORARY_ERROR:
      "Mae'n ddrwg gennym, nid oeddem yn gallu cysylltu â'ch banc. Rhowch gynnig arall arni yn nes ymlaen.",
    access_denied: 'Cafodd y mewngofnodi banc ei ganslo.',
    NotAccountHolder:
      'Nid oeddem yn gallu cadarnhau mai chi yw deiliad y cyfrif banc hwn, felly ni all eich mewngofnodi. Ni ellir defnyddio cyfrifon ar y cyd i fewngofnodi. Mewngofnodwch mewn ffordd arall.',
    bank_login_not_linked:
      "Nid yw'r cyfrif banc hwn wedi'i gysylltu â chyfrif yma. Mewngofnodwch yn gyntaf.",
    bankIdentityMismatch:
      "Mae'n ddrwg gennym, ni allwn wirio bod eich manylion yn cyfateb i'r banc rydych wedi mewngofnodi ag ef. Yn anffodus ni allwn wirio eich hunaniaeth ar hyn o bryd.",
    bankVerificationFailed:
      "Ni allem wirio'r cyfrif banc hwn. Atebwch rai cwestiynau yn lle hynny.",
    bankApiError: "Mae'n ddrwg gennym, ni allem wirio eich cyfrif banc. Rhowch gynnig arall arni.",
    social_provider_unavailable: "Nid yw'r ffordd hon o fewngofnodi ar gael.",
    social_state_mismatch:
      "Mae'r ymgais mewngofnodi hon wedi dod i ben neu cafodd ei dechrau yn rhywle arall. Rhowch gynnig arall arni.",
    social_provider_error:
      "Ni allai'r darparwr eich mewngofnodi. Rhowch gynnig arall arni yn nes ymlaen.",
    social_email_not_verified:
      "Nid yw'r darparwr wedi gwirio eich cyfeiriad e-bost. Gwiriwch ef yno, neu cofrestrwch gyda'ch cyfeiriad e-bost a chyfrinair.",
    social_signup_required:
      "Nid oes cyfrif gyda'r cyfeiriad e-bost hwn eto. Cofrestrwch i greu un.",
    social_link_required:
      "Mae cyfrif gyda'r cyfeiriad e-bost hwn eisoes yn bodoli. Mewngofnodwch gyda'ch cyfrinair, yna cysylltwch y dull mewngofnodi hwn o'ch cyfrif.",
    social_identity_in_use:
      "Mae'r cyfrif hwn gyda'r darparwr eisoes wedi'i gysylltu â chyfrif arall.",
    social_already_linked:
      "Rydych eisoes wedi cysylltu cyfrif gyda'r darparwr hwn. Tynnwch ef yn gyntaf.",
    last_signin_method: 'Dyma eich unig ffordd o fewngofnodi, felly ni ellir ei dileu.',
    recent_login_required:
      'Er eich diogelwch, mewngofnodwch eto cyn newid sut rydych yn mewngofnodi.',
    second_factor_required: 'Profwch eich ail ffactor cyn newid sut rydych yn mewngofnodi.',
    second_factor_not_set_up: "Nid yw'r dull mewngofnodi hwn wedi'i osod.",
    second_factor_already_set_up: "Mae'r dull mewngofnodi hwn eisoes wedi'i osod.",
    last_second_factor_required:
      "Mae'r gwasanaeth hwn yn gofyn am ail ffactor: gosodwch ddull arall cyn tynnu'r un hwn.",
    webauthn_failed: 'Nid oedd modd gwirio eich allwedd ddiogelwch. Rhowch gynnig arall arni.',
    second_factor_challenge_expired:
      "Mae'r cod hwn wedi dod i ben neu cafodd ei roi'n anghywir yn rhy aml. Dechreuwch eto.",
    kbvChallengeFailed:
      "Mae'n ddrwg gennym, nid ydym wedi gallu gwirio pwy ydych chi o'ch atebion.",
    kbvInsufficientQuestions:
      "Mae'n ddrwg gennym, nid oes gennym ddigon o wybodaeth i ofyn cwestiynau i chi am eich hunaniaeth.",
    kbvChallengeMismatch: "Mae'r cwestiynau hyn wedi dyddio.",
    kbvNoExistingChallenge: 'Nid oes cwestiynau yn aros am atebion.',
    mobileOperatorNotFound:
      'Nid oes gan unrhyw weithredwr ffonau symudol gontract ar gyfer y rhif hwn.',
    mobileOperatorNotSupported: 'Ni all gweithredwr ffôn symudol y rhif hwn gadarnhau contractau.',
    mobileOperatorTemporaryUnavailable:
      "Nid oes modd cysylltu â'r gweithredwr ffôn symudol ar hyn o bryd.",
    mobileOperatorNoMatch: 'Nid yw contract ffôn symudol y rhif hwn yn eich enw chi.',
    pin_wrong: 'PIN anghywir, rhowch gynnig arall arni.',
    pin_activation_invalid: "Nid yw'r cod actifadu yn ddilys.",
    pin_registration_expired: 'Mae cofrestriad y PIN wedi dod i ben. Dechreuwch eto.',
    pin_auth_expired: "Mae'r mewngofnodi â PIN wedi dod i ben. Rhowch gynnig arall arni.",
    pin_revoked:
      'Rydych wedi defnyddio gormod o ymdrechion PIN. Bydd angen i ni eich ailwirio cyn y gallwch fewngofnodi ar y ddyfais hon.',
    consent_signature_invalid:
      "Nid yw'r caniatâd wedi'i lofnodi yn cyfateb i'r cais hwn. Rhowch gynnig arall arni.",
    login_not_recent: 'Mewngofnodwch eto, yna dilëwch eich cyfrif o fewn 5 munud.',
    password_required: 'Rhowch eich cyfrinair.',
    share_not_found:
      "Nid ydych wedi rhannu eich hunaniaeth â'r person hwn, neu rydych eisoes wedi'i thynnu'n ôl.",
    second_factor_login_required: 'Mewngofnodwch gyda’ch ail ffactor i agor eich cyfrif.',
    check_not_offered: "Nid yw'r gwiriad hwn ar gael yma. Dewiswch opsiwn gwirio gwahanol.",
    card_type_not_accepted:
      "Nid y math hwn o gerdyn yw'r un sydd ei angen yma. Dewiswch opsiwn gwirio gwahanol.",
    check_record_not_found:
      "Ni allem ddod o hyd i gofnod gyda'r manylion hyn. Gwiriwch nhw a rhowch gynnig arall arni.",
    identity_details_required: 'Rhowch eich enw a’ch dyddiad geni yn eich proffil yn gyntaf.',
    bankDetailsRequired: 'Rhowch god didoli a rhif cyfrif eich cyfrif cyfredol.',
    pin_authority_unavailable:
      'Nid yw gosod PIN ar gael ar hyn o bryd. Rhowch gynnig arall arni ymhen ychydig funudau.',
    pin_access_invalid: "Nid yw'r rhif mynediad hwn yn ddilys, neu mae wedi dod i ben.",
    pin_access_used: "Mae'r mewngofnodi hwn eisoes wedi'i gymeradwyo, neu mae wedi dod i ben.",
    photo_handoff_invalid: "Nid yw'r ddolen hon yn ddilys. Sganiwch y cod ar eich cyfrifiadur eto.",
    photo_handoff_expired:
      "Mae'r ddolen hon wedi dod i ben neu wedi'i disodli. Gofynnwch am god newydd ar eich cyfrifiadur.",
    photo_handoff_used:
      "Mae eich lluniau wedi cael eu gwirio. Ewch yn ôl i'ch cyfrifiadur i barhau.",
    photo_handoff_other_device:
      "Mae'r ddolen hon eisoes wedi'i hagor ar ffôn arall. Gofynnwch am god newydd ar eich cyfrifiadur.",
    photo_handoff_request_required:
      'Mae lluniau ar eich ffôn ar gyfer cais mewngofnodi. Tynnwch neu lanlwythwch y lluniau ar y cyfrifiadur hwn.',
    photo_unsupported_type:
      "Nid yw'r ffeil hon yn llun y gallwn ei ddarllen. Tynnwch y llun eto, neu dewiswch lun JPEG, PNG neu WebP.",
    photo_too_large:
      "Mae'r llun hwn yn rhy fawr (dros 10 MB). Tynnwch ef eto ar gydraniad is, neu dewiswch ffeil lai.",
    photo_corrupt: 'Nid oedd modd agor y llun hwn. Tynnwch ef eto, neu dewiswch ffeil arall.',
    photo_too_small:
      "Mae'r llun hwn yn rhy fach i'w ddarllen. Tynnwch ef eto yn agosach, neu dewiswch lun mwy.",
    photo_blurred:
      "Mae'r llun hwn yn aneglur. Daliwch y camera'n llonydd, gwnewch yn siŵr ei fod mewn ffocws, a thynnwch ef eto.",
    photo_glare:
      'Mae llacharedd ar y llun hwn. Symudwch o olau uniongyrchol, gogwyddwch y ddogfen ychydig, a thynnwch ef eto.',
    photo_no_document:
      "Ni allem ddod o hyd i'r ddogfen yn y llun hwn. Gosodwch y dudalen neu'r cerdyn cyfan yn y llun, yn fflat ac yn syth, a thynnwch ef eto.",
    photo_mrz_unreadable:
      'Ni allem ddarllen y ddwy linell o lythrennau a rhifau ar waelod tudalen y llun. Gwnewch yn siŵr eu bod yn y llun, yn glir a heb eu gorchuddio, a thynnwch ef eto.',
    photo_no_face:
      "Ni allem ddod o hyd i wyneb yn y llun hwn. Gwnewch yn siŵr bod yr wyneb yn y llun, wedi'i oleuo'n dda a heb ei orchuddio, a thynnwch ef eto.",
    photo_several_faces:
      'Mae mwy nag un wyneb yn y llun hwn. Gwnewch yn siŵr mai dim ond eich wyneb chi sydd yn y llun, a thynnwch ef eto.',
    photo_details_inconsistent:
      'Ni allem ddarllen y manylion ar eich dogfen yn glir. Tynnwch y llun eto mewn golau da.',
    photo_document_expired:
      "Mae'r ddogfen hon wedi dod i ben, felly ni ellir ei defnyddio. Dewiswch opsiwn gwirio gwahanol.",
    photo_document_not_accepted:
      "Dim ond pasbortau'r DU a thrwyddedau gyrru cerdyn-llun y DU y gallwn eu gwirio. Dewiswch opsiwn gwirio gwahanol.",
    photo_document_required: "Tynnwch lun o'ch dogfen yn gyntaf, yna eich hunlun.",
    photo_check_in_progress:
      'Mae eich llun yn dal i gael ei wirio. Arhoswch am yr ateb cyn anfon un arall.',
    photo_document_not_same:
      "Nid hon yw'r ddogfen a ddefnyddiwyd gennych o'r blaen. Tynnwch lun o'r un ddogfen.",
    photo_check_not_pending: 'Nid oes gwiriad llun yn aros am ateb. Anfonwch eich lluniau eto.',
    photo_webhook_signature_invalid:
      "Nid yw'r hysbysiad wedi'i lofnodi gyda'r allwedd ddisgwyliedig.",
  },
  passwordLocked:
    "Gormod o gyfrineiriau anghywir: mae mewngofnodi â chyfrinair wedi'i gloi. Defnyddiwch 'Wedi anghofio'r cyfrinair' i osod un newydd.",
  checkComplete: (check) => `Mae eich gwiriad ${check} eisoes wedi'i gwblhau.`,
  checkNotAgain:
    'Nid oes modd rhoi cynnig arall ar y gwiriad hwn nawr. Dewiswch opsiwn gwirio gwahanol.',
  noCheckNeeded: 'Nid oes angen gwiriad hunaniaeth ar y cais hwn nawr.',
  checkNotNeeded: 'Nid oes angen y gwiriad hwn nawr.',
  notAnOption: "Nid yw hwn yn un o'r opsiynau ar gyfer y cais hwn.",
  kbvMismatch:
    "Mae'n ddrwg gennym, ni allwn wirio bod eich manylion yn cyfateb i'ch ffeil credyd. Yn anffodus ni allwn wirio eich hunaniaeth ar hyn o bryd.",
  kbvHeldBack: 'Yn anffodus ni allwn wirio eich hunaniaeth ar hyn o bryd.',
  cardNeeded: {
    CreditCard: (client) =>
      `Mae angen cerdyn credyd ar ${client}, a cherdyn debyd yw hwn. Rhowch gerdyn credyd, neu dewiswch opsiwn gwirio gwahanol.`,
    DebitCard: (client) =>
      `Mae angen cerdyn debyd ar ${client}, a cherdyn credyd yw hwn. Rhowch gerdyn debyd, neu dewiswch opsiwn gwirio gwahanol.`,
    thisService: 'y gwasanaeth hwn',
  },
  notAnAccount: "Nid yw'r rhif cyfrif hwn yn bodoli gyda'r cod didoli hwn. Gwiriwch y ddau.",
  signatureTime: "Nid yw amser y llofnod yn cyfateb i'r amser nawr.",
  kbvDetailsFirst: "Rhowch eich enw, eich dyddiad geni a'ch cyfeiriad yn gyntaf.",
  typedAccountMismatch:
    "Mae'n ddrwg gennym, ni allwn wirio bod y cyfrif banc hwn yn eich enw chi. Yn anffodus ni allwn wirio eich hunaniaeth ar hyn o bryd.",
};

export const errorMessages: Record<Language, Translation<typeof english>> = {
  en: english,
  cy: welsh,
};

/** A message of errorMessages, in a language: what a refusal says beyond its code's message. */
export type ErrorText = (language: Language) => string;

/** An ErrorText from a message of the catalogue, chosen when the answer's language is known. */
export const errorText =
  (pick: (texts: Translation<typeof english>) => string): ErrorText =>
  (language) =>
    pick(errorMessages[language]);
