import type * as en from '../legal';
import type { Translation } from '../translation';

export const aboutCopy: Translation<typeof en.aboutCopy> = {
  title: (product) => `Ynglŷn â ${product}`,
  lead: (product, company) =>
    `Mae ${product} yn wasanaeth mewngofnodi a gwirio hunaniaeth, a gynhelir gan ${company}. Mae gwefannau ac apiau eraill yn ei ddefnyddio i adael i chi fewngofnodi ac, os oes angen, i wirio pwy ydych chi.`,
  howTitle: 'Sut mae’n gweithio',
  how: (product) =>
    `Pan fydd gwasanaeth rydych yn ei ddefnyddio yn eich anfon i ${product}, rydych yn cofrestru neu’n mewngofnodi yma, gyda cham arall fel cod pan fydd y gwasanaeth yn gofyn am un. Os oes angen i’r gwasanaeth wybod pwy ydych chi, chi sy’n dewis sut i brofi hynny, er enghraifft gyda’ch pasbort, eich trwydded yrru neu eich cyfrif banc. Cyn i unrhyw beth gael ei rannu, mae ${product} yn dangos i chi’r manylion y mae’r gwasanaeth wedi gofyn amdanynt, a dim ond ar ôl i chi gytuno y mae’n eu hanfon. Yna rydych yn mynd yn ôl i’r gwasanaeth.`,
  standardsTitle: 'Wedi’i adeiladu ar safonau agored',
  standards: (product) =>
    `Mae gwasanaethau’n cysylltu â ${product} drwy OpenID Connect, y safon agored sydd y tu ôl i lawer o fotymau “mewngofnodi gyda”. Nid yw gwasanaethau byth yn gweld eich cyfrinair ${product}: dim ond y manylion y gwnaethoch gytuno i’w rhannu y maent yn eu cael.`,
  moreTitle: 'Rhagor o wybodaeth',
};

export const termsCopy: Translation<typeof en.termsCopy> = {
  version: 'Fersiwn 1.0, Chwefror 2021',
  whoTitle: 'Pwy ydym ni',
  who: (product, company) =>
    `Darperir gwasanaeth ${product} gan ${company} (“ni”). Mae’r telerau ac amodau hyn yn berthnasol i’ch defnydd o wasanaeth ${product}. Rydych yn eu derbyn pan fyddwch yn creu eich cyfrif ${product}.`,
  liabilityTitle: 'Ein hatebolrwydd',
  liability: (product) =>
    `Mae cyfanswm ein hatebolrwydd i chi mewn cysylltiad â gwasanaeth ${product} wedi’i gyfyngu i £100.`,
  cancelTitle: 'Eich hawl i ganslo',
  cancel:
    'Mae gennych hawl statudol i ganslo o fewn 14 diwrnod. Mae’r cyfnod canslo o 14 diwrnod yn dechrau ar y diwrnod ar ôl i chi gofrestru.',
  searchesTitle: 'Chwiliadau gwirio',
  searches:
    'Pan fyddwch yn gwirio pwy ydych chi, rydym yn cynnal chwiliadau i wirio’r manylion a roddwch i ni. Rydym yn cadw cofnod o bob chwiliad gwirio am 12 mis.',
  closingTitle: 'Canslo eich cyfrif',
  closing:
    'Gallwch ganslo eich cyfrif ar unrhyw adeg, gan ddefnyddio’r cyfleuster rheoli cyfrif neu drwy gysylltu â’n desg gymorth. Ar ôl i chi ganslo, mae eich cyfrif yn parhau ar gael am gyfnod y byddwn yn ei roi gwybod i chi amdano pan fyddwch yn canslo.',
  endingTitle: 'Pryd y gallwn ddod â’ch cyfrif i ben',
  ending:
    'Os byddwch yn torri’r telerau ac amodau hyn yn ddifrifol, efallai y byddwn yn terfynu eich cyfrif heb rybudd.',
  complaintsTitle: 'Cwynion',
  complaintsBefore: (product) =>
    `Os ydych yn anhapus â gwasanaeth ${product}, rhowch wybod i ni drwy’r dudalen `,
  complaintsAfter: '. Byddwn yn:',
  complaintSteps: [
    'cydnabod eich cwyn o fewn 5 diwrnod busnes;',
    'rhoi diweddariad i chi ar ôl 4 wythnos;',
    'yn y rhan fwyaf o achosion, anfon ein hymateb terfynol atoch o fewn 8 wythnos.',
  ],
  ombudsman:
    'Os nad ydych yn fodlon â’n hymateb terfynol, gallwch gyfeirio eich cwyn at y Gwasanaeth Ombwdsmon Ariannol.',
};

export const privacyCopy: Translation<typeof en.privacyCopy> = {
  version: 'Fersiwn 1.1, Mehefin 2021',
  intro: (product, company) =>
    `Mae’r polisi hwn yn esbonio sut mae ${company} (“ni”) yn defnyddio eich data personol pan fyddwch yn defnyddio gwasanaeth ${product}.`,
  collectTitle: 'Y data rydym yn ei gasglu',
  collect: [
    'Data cyswllt, megis eich enw a’ch cyfeiriad e-bost.',
    'Data gwirio hunaniaeth: y manylion a roddwch i ni i brofi pwy ydych chi, megis manylion eich pasbort, trwydded yrru, cerdyn neu gyfrif banc.',
    'Data dyfais am y ddyfais a’r porwr rydych yn eu defnyddio i gyrraedd y gwasanaeth.',
    'Data credyd sydd gan asiantaeth gwirio credyd amdanoch.',
  ],
  keepTitle: 'Am ba hyd rydym yn ei gadw',
  keep: (product) =>
    `Rydym yn cadw eich data personol cyhyd ag y byddwch yn defnyddio gwasanaeth ${product}, ac am 7 mlynedd ar ôl i’ch cyfrif gael ei gau.`,
  whereTitle: 'Ble rydym yn ei gadw',
  where: 'Rydym yn storio eich data personol wedi’i amgryptio, yn y Deyrnas Unedig.',
  agencyTitle: 'Asiantaeth gwirio credyd',
  agency:
    'I wirio pwy ydych chi, rydym yn defnyddio asiantaeth gwirio credyd. Mae’n gwirio’r manylion a roddwch i ni yn erbyn y cofnodion sydd ganddi.',
  shareTitle: 'Gyda phwy rydym yn ei rannu',
  shareIntro: 'Rydym yn rhannu data personol gyda:',
  shareWith: (product) => [
    'ein cyflenwyr, sy’n ein helpu i ddarparu’r gwasanaeth;',
    `ailwerthwyr gwasanaeth ${product};`,
    'asiantaethau atal twyll;',
    'cyrff cyhoeddus.',
  ],
  shareServices: (product) =>
    `Dim ond y manylion rydych yn cytuno i’w rhannu ag ef y mae gwasanaeth rydych yn mewngofnodi iddo gyda ${product} yn eu cael.`,
  cookiesTitle: 'Cwcis',
  cookies: (product) =>
    `Ffeiliau bach y mae gwefan yn eu storio yn eich porwr yw cwcis. Mae gwefannau’n defnyddio cwcis sesiwn, sy’n para nes i chi gau eich porwr; cwcis dewisiadau, sy’n cofio eich dewisiadau; a chwcis dadansoddi, sy’n cofnodi sut rydych yn rhyngweithio â’r wefan. Dim ond y cwcis sydd eu hangen ar gyfer mewngofnodi ac ar gyfer diogelwch y mae ${product} ei hun yn eu gosod.`,
  languageCookie:
    'Os byddwch yn dewis English neu Cymraeg gyda’r dewisydd iaith, rydym yn cofio eich dewis mewn cwci o’r enw verity_lang am flwyddyn. Dim ond yr iaith sydd ynddo, dim data personol, a gallwch ei newid unrhyw bryd.',
  rightsTitle: 'Eich hawliau',
  rightsIntro: 'Mae gennych hawl i:',
  rights: [
    'gael gafael ar y data personol sydd gennym amdanoch;',
    'ei gywiro os yw’n anghywir;',
    'ei ddileu;',
    'cyfyngu ar sut rydym yn ei ddefnyddio;',
    'gwrthwynebu sut rydym yn ei ddefnyddio;',
    'ei gael mewn ffurf gludadwy;',
    'cwyno i Swyddfa’r Comisiynydd Gwybodaeth (ICO).',
  ],
  rightsBefore: 'I ddefnyddio’r hawliau hyn, ',
  rightsLink: 'cysylltwch â ni',
  rightsAfter: '.',
  withdrawTitle: 'Tynnu eich caniatâd yn ôl',
  withdraw: (product) =>
    `Gallwch dynnu eich caniatâd yn ôl ar unrhyw adeg drwy gau eich cyfrif ${product}.`,
};
