/** Every screen group of the walk (e2e/screens/walk.ts), in the gallery's order. */
import { bankAccount, openBanking } from './bankJourneys.js';
import { identityChecks } from './checkJourneys.js';
import { pin, secondFactor } from './signInJourneys.js';
import type { ScreenGroup } from './walk.js';

export * from './walk.js';

export const screenGroups: ScreenGroup[] = [
  identityChecks,
  secondFactor,
  openBanking,
  bankAccount,
  pin,
];
