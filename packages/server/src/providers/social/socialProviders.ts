import type { SocialProvider } from '@verity/contracts';
import type { SocialConfig } from '../../config.js';
import { FacebookSocialProvider } from './facebookProvider.js';
import { OpenIdSocialProvider } from './openIdProvider.js';
import type { SocialIdentityProvider } from './socialProvider.js';

export type SocialProviders = Partial<Record<SocialProvider, SocialIdentityProvider>>;

/** One adapter per configured provider; a provider without settings has none (and no button). */
export function socialProvidersFrom(config: SocialConfig): SocialProviders {
  const providers: SocialProviders = {};
  if (config.google) providers.google = new OpenIdSocialProvider('google', config.google);
  if (config.microsoft)
    providers.microsoft = new OpenIdSocialProvider('microsoft', config.microsoft);
  if (config.facebook) providers.facebook = new FacebookSocialProvider(config.facebook);
  return providers;
}
