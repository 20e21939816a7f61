import { Option, type Command } from 'commander';
import { assuranceLevels, type AssuranceLevel } from '../features/assurance/gpg45/levels.js';
import type { ClientInput } from '../features/clients/input.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export class UsageError extends Error {}

function parseJson(flag: string, value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    throw new UsageError(`${flag} must be JSON, got: ${value}`);
  }
}

function parseSeconds(flag: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw new UsageError(`${flag} must be a whole number of seconds, got: ${value}`);
  return Number(value);
}

/** The client settings shared by `clients add` and `clients update`. */
export function addClientOptions(command: Command, forUpdate: boolean): Command {
  command
    .option('--name <name>', 'name shown to users')
    .option(
      '--redirect-uri <uri>',
      'redirect URI (repeatable); https, or http on localhost',
      collect,
    )
    .option(
      '--post-logout-redirect-uri <uri>',
      'post-logout redirect URI (repeatable); https, or http on localhost',
      collect,
    )
    .option(
      '--logo-uri <uri>',
      'logo shown at the top of every step and on the wait screen: a .png, .svg, .jpg or .webp; https, or http on localhost',
    )
    .option(
      '--theme <name>',
      'theme of the sign-in pages: default, forest, plum or slate (default: default)',
    )
    .option(
      '--theme-primary <#rrggbb>',
      'the client’s primary colour (buttons, links) in the light scheme; at least 4.5:1 against the page and under button text',
    )
    .option(
      '--theme-primary-dark <#rrggbb>',
      'the primary colour in the dark scheme, needed with --theme-primary; the same contrast rules',
    )
    .option(
      '--claims <list>',
      `profile claims the client needs, comma-separated (given_name,family_name,birthdate,address,phone_number,email)`,
    )
    .option(
      '--custom-claim <json>',
      'a custom claim as a JSON field definition (repeatable); a regex validator may carry its own message',
      collect,
    )
    .option(
      '--assurance <json>',
      'JSON list of alternatives, each a list of check names, e.g. [["Passport","KBVL1"]]',
    )
    .option(
      '--assurance-level <level>',
      'GPG45 confidence, as GOV.UK One Login names it: P2 (profile M1A, M1B or M2B) or P1 (L1A); meeting it or one --assurance alternative is enough',
    )
    .option('--session-lifetime <seconds>', 'how long a session for this client lasts')
    .option(
      '--refresh-token-lifetime <seconds>',
      'how long a refresh token family lasts from sign-in; rotation does not extend it (default: 2592000, 30 days)',
    );
  if (forUpdate) {
    command.addOption(
      new Option('--no-theme-colours', 'remove --theme-primary and --theme-primary-dark'),
    );
  }
  if (forUpdate)
    command.addOption(new Option('--no-assurance-level', 'remove the client’s --assurance-level'));
  if (forUpdate) command.addOption(new Option('--no-logo-uri', 'remove the client’s logo'));
  if (!forUpdate) {
    command
      .option('--public', 'public client: no secret, PKCE only')
      .option(
        '--jwks-uri <uri>',
        'authenticate with private_key_jwt using keys at this URI; https, or http on localhost',
      );
  }
  for (const [flag, description] of [
    ['require-second-factor', 'users must use a second factor'],
    ['require-pin', 'users must log in with a PIN'],
    ['skip-consent', 'do not ask users to consent to sharing'],
    ['allow-bank-login', 'offer logging in through the user’s bank'],
  ] as const) {
    command.option(`--${flag}`, description);
    if (forUpdate) command.addOption(new Option(`--no-${flag}`, `turn off --${flag}`));
  }
  return command;
}

/**
 * The client's own colours from --theme-primary and --theme-primary-dark; on update, one not
 * given stays as stored. Their contrast is validated with the rest of the client's input.
 */
function themeColoursFromOptions(
  options: Record<string, unknown>,
  stored: ClientInput['themeColours'],
): ClientInput['themeColours'] | undefined {
  if (options.themeColours === false) return null;
  const primary = options.themePrimary;
  const primaryDark = options.themePrimaryDark;
  if (typeof primary !== 'string' && typeof primaryDark !== 'string') return undefined;
  const light = typeof primary === 'string' ? primary : stored?.primary;
  const dark = typeof primaryDark === 'string' ? primaryDark : stored?.primaryDark;
  if (light === undefined) throw new UsageError('--theme-primary-dark needs --theme-primary');
  // No colour reaches 4.5:1 on both the light and the dark backgrounds, so each needs its own.
  if (dark === undefined)
    throw new UsageError(
      '--theme-primary needs --theme-primary-dark: no one colour reads at 4.5:1 on both the light and the dark scheme',
    );
  return { primary: light, primaryDark: dark };
}

/**
 * Commander's parsed options to a client input; only what was given (for updates). `stored`
 * is the client being updated, for the options that change part of a setting.
 */
export function clientInputFromOptions(
  options: Record<string, unknown>,
  stored?: Pick<ClientInput, 'themeColours'>,
): Partial<ClientInput> {
  const input: Partial<ClientInput> = {};
  const str = (key: string) =>
    typeof options[key] === 'string' ? (options[key] as string) : undefined;
  if (str('name') !== undefined) input.name = str('name')!;
  if (Array.isArray(options.redirectUri)) input.redirectUris = options.redirectUri as string[];
  if (Array.isArray(options.postLogoutRedirectUri))
    input.postLogoutRedirectUris = options.postLogoutRedirectUri as string[];
  if (str('logoUri') !== undefined) input.logoUri = str('logoUri')!;
  if (options.logoUri === false) input.logoUri = undefined;
  if (str('theme') !== undefined) input.theme = str('theme')!;
  const themeColours = themeColoursFromOptions(options, stored?.themeColours);
  if (themeColours !== undefined) input.themeColours = themeColours;
  if (options.public === true) input.public = true;
  if (str('jwksUri') !== undefined) input.jwksUri = str('jwksUri')!;
  if (str('claims') !== undefined) {
    input.claims = str('claims')!
      .split(',')
      .map((claim) => claim.trim())
      .filter(Boolean) as ClientInput['claims'];
  }
  if (Array.isArray(options.customClaim)) {
    input.customClaims = (options.customClaim as string[]).map((json) =>
      parseJson('--custom-claim', json),
    ) as ClientInput['customClaims'];
  }
  if (str('assurance') !== undefined)
    input.assurance = parseJson('--assurance', str('assurance')!) as ClientInput['assurance'];
  if (str('assuranceLevel') !== undefined) {
    const level = str('assuranceLevel')!;
    if (!(assuranceLevels as readonly string[]).includes(level))
      throw new UsageError(
        `--assurance-level must be ${assuranceLevels.join(' or ')}, got: ${level}`,
      );
    input.assuranceLevel = level as AssuranceLevel;
  }
  if (options.assuranceLevel === false) input.assuranceLevel = null;
  if (str('sessionLifetime') !== undefined)
    input.sessionLifetime = parseSeconds('--session-lifetime', str('sessionLifetime')!);
  if (str('refreshTokenLifetime') !== undefined)
    input.refreshTokenLifetime = parseSeconds(
      '--refresh-token-lifetime',
      str('refreshTokenLifetime')!,
    );
  for (const [option, key] of [
    ['requireSecondFactor', 'requireSecondFactor'],
    ['requirePin', 'requirePin'],
    ['skipConsent', 'skipConsent'],
    ['allowBankLogin', 'allowBankLogin'],
  ] as const) {
    if (typeof options[option] === 'boolean') input[key] = options[option] as boolean;
  }
  return input;
}
