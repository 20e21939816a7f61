import type { CheckName } from '../checks.js';
import type { SpaRoute } from '../routes.js';

/** What server and SPA share about one identity check (issue 15 item 5). */
export interface CheckInfo {
  /** How the check is named to the user (options, success and failure messages). */
  label: string;
  /**
   * The evidence as a person reads it in a sentence ('Name verified from your passport',
   * 'Identity checked with your mobile phone contract'): consent, account and shared pages.
   */
  evidence: string;
  /** The screen the check is done on. */
  screen: SpaRoute;
  /**
   * Next-step routing of a chosen option: a check that captures the profile itself (document
   * photo, open banking) goes before /Profile (assuranceProfileCapturePossible); the others
   * after. Among the chosen checks, the lowest priority goes first.
   */
  capturesProfile: boolean;
  priority: number;
  /** Other names of the same check (the spec's Bank and CurrentAccount): one check, two names. */
  twins: readonly CheckName[];
  /**
   * Its entry on /Verify (the fixed list of checks on offer): an entry of its own at this
   * position, or the entry of another check it completes too, or none.
   */
  verifyEntry: { position: number } | { completes: CheckName } | null;
}

/**
 * Every check, once: adding a name to `checkNames` fails to compile until it is described
 * here (and in the server's registry, features/checks/checkRegistry.ts).
 */
export const checkRegistry = {
  GenuinePassport: {
    label: 'Passport photo',
    evidence: 'a photo of your passport',
    screen: '/PassportPhoto',
    capturesProfile: true,
    priority: 1,
    twins: [],
    verifyEntry: null,
  },
  SelfieComparison: {
    label: 'Selfie',
    evidence: 'a selfie compared with your photo ID',
    screen: '/PassportPhoto',
    capturesProfile: true,
    priority: 1,
    twins: [],
    verifyEntry: null,
  },
  OB: {
    label: 'Bank login',
    evidence: 'a login to your bank',
    screen: '/obselect',
    capturesProfile: true,
    priority: 2,
    twins: [],
    verifyEntry: { completes: 'Bank' },
  },
  GenuineDrivingLicence: {
    label: 'Driving licence photo',
    evidence: 'a photo of your driving licence',
    screen: '/DrivingLicencePhoto',
    capturesProfile: true,
    priority: 3,
    twins: [],
    verifyEntry: null,
  },
  CreditCard: {
    label: 'Credit Card',
    evidence: 'your credit card',
    screen: '/CreditCard',
    capturesProfile: false,
    priority: 1,
    twins: [],
    verifyEntry: null,
  },
  DebitCard: {
    label: 'Debit Card',
    evidence: 'your debit card',
    screen: '/CreditCard',
    capturesProfile: false,
    priority: 1,
    twins: [],
    verifyEntry: null,
  },
  Passport: {
    label: 'Passport',
    evidence: 'your passport',
    screen: '/Passport',
    capturesProfile: false,
    priority: 2,
    twins: [],
    verifyEntry: { position: 2 },
  },
  DrivingLicence: {
    label: 'Driving Licence',
    evidence: 'your driving licence',
    screen: '/DrivingLicence',
    capturesProfile: false,
    priority: 3,
    twins: [],
    verifyEntry: { position: 1 },
  },
  Bank: {
    label: 'Bank',
    evidence: 'your bank account',
    screen: '/BankAccount',
    capturesProfile: false,
    priority: 4,
    twins: ['CurrentAccount'],
    verifyEntry: { position: 4 },
  },
  CurrentAccount: {
    label: 'Bank account',
    evidence: 'your current account',
    screen: '/BankAccount',
    capturesProfile: false,
    priority: 4,
    twins: ['Bank'],
    verifyEntry: { completes: 'Bank' },
  },
  KBVL1: {
    label: 'Financial questions',
    evidence: 'your credit file (financial questions)',
    screen: '/Kbv',
    capturesProfile: false,
    priority: 5,
    twins: [],
    verifyEntry: { position: 5 },
  },
  KBVL2: {
    label: 'Financial questions',
    evidence: 'your credit file (more financial questions)',
    screen: '/Kbv',
    capturesProfile: false,
    priority: 5,
    twins: [],
    verifyEntry: { completes: 'KBVL1' },
  },
  MobileContract: {
    label: 'Mobile contract',
    evidence: 'your mobile phone contract',
    screen: '/MNO',
    capturesProfile: false,
    priority: 6,
    twins: [],
    verifyEntry: { position: 3 },
  },
} as const satisfies Record<CheckName, CheckInfo>;

const entries = Object.entries(checkRegistry) as Array<[CheckName, CheckInfo]>;

/**
 * A check and its other names, sorted: the same list under any of its names, so the first is
 * the one name a shared attempt counter is kept under.
 */
export function namesOfCheck(check: CheckName): CheckName[] {
  return [check, ...checkRegistry[check].twins].sort();
}

/** The checks that capture the profile themselves (document photo, open banking). */
export const profileCaptureChecks: ReadonlySet<CheckName> = new Set(
  entries.filter(([, info]) => info.capturesProfile).map(([check]) => check),
);

/**
 * The screens of chosen checks, in the order next-step routing tries them: each with the
 * checks done on it, for one side of /Profile.
 */
export function choiceScreens(capturesProfile: boolean): Array<[CheckName[], SpaRoute]> {
  const byScreen = new Map<SpaRoute, { checks: CheckName[]; priority: number }>();
  for (const [check, info] of entries) {
    if (info.capturesProfile !== capturesProfile) continue;
    const screen = byScreen.get(info.screen) ?? { checks: [], priority: info.priority };
    screen.checks.push(check);
    byScreen.set(info.screen, screen);
  }
  return [...byScreen]
    .sort(([, a], [, b]) => a.priority - b.priority)
    .map(([route, { checks }]) => [checks, route]);
}

/** /Verify's fixed list: each entry's label, screen, and the checks that complete it. */
export function verifyEntries(): Array<{ label: string; to: SpaRoute; done: CheckName[] }> {
  const listed: Array<{ position: number; label: string; to: SpaRoute; done: CheckName[] }> = [];
  for (const [check, info] of entries)
    if (info.verifyEntry && 'position' in info.verifyEntry)
      listed.push({
        position: info.verifyEntry.position,
        label: info.label,
        to: info.screen,
        done: [
          check,
          ...entries
            .filter(
              ([, other]) =>
                other.verifyEntry &&
                'completes' in other.verifyEntry &&
                other.verifyEntry.completes === check,
            )
            .map(([name]) => name),
        ],
      });
  return listed.sort((a, b) => a.position - b.position).map(({ position: _, ...entry }) => entry);
}

/**
 * The check names that are no word a person uses (KBVL1, DebitCard, OB): identifiers between
 * server and SPA, never shown. Passport and Bank are their own labels.
 */
export const internalCheckNames: readonly CheckName[] = entries
  .filter(([check]) => !entries.some(([, info]) => info.label === check))
  .map(([check]) => check);

/** The first internal check name a text shows (as a whole word), or null: for tests of screens. */
export function internalCheckNameIn(text: string): CheckName | null {
  return internalCheckNames.find((check) => new RegExp(`\\b${check}\\b`).test(text)) ?? null;
}
