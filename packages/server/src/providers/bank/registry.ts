import type { Config } from '../../config.js';
import {
  SANDBOX_CLIENT_ID,
  sandboxClientSecret,
} from '../../features/sandboxBank/sandboxClient.js';
import type { AccountDataProvider } from './accountDataProvider.js';
import { sandboxLogo } from './sandboxLogo.js';
import { TrueLayerStyleProvider } from './trueLayerStyle.js';

export const SANDBOX_BANK = 'Sandbox Bank';
export const SANDBOX_BANK_EMBEDDED = 'Sandbox Bank Embedded';

/** The banks offered on /obselect: the sandbox bank (both ways of showing it) and OB_PROVIDERS. */
export function bankProvidersFrom(config: Config, dataKey: Buffer): AccountDataProvider[] {
  const sandboxUrl = `${config.publicUrl.origin}/sandbox-bank`;
  const sandbox = config.sandboxBank
    ? [
        { name: SANDBOX_BANK, type: 'tl' as const, logo: 'redirect' as const },
        { name: SANDBOX_BANK_EMBEDDED, type: 'tk' as const, logo: 'embedded' as const },
      ].map(
        ({ name, type, logo }) =>
          new TrueLayerStyleProvider({
            displayName: name,
            type,
            authUrl: sandboxUrl,
            apiUrl: sandboxUrl,
            clientId: SANDBOX_CLIENT_ID,
            clientSecret: sandboxClientSecret(dataKey),
            logo: { svg: sandboxLogo(name, logo) },
          }),
      )
    : [];
  const configured = config.bankProviders.map(
    (provider) =>
      new TrueLayerStyleProvider({
        displayName: provider.display_name,
        type: provider.type,
        authUrl: provider.auth_url,
        apiUrl: provider.api_url,
        clientId: provider.client_id,
        clientSecret: provider.client_secret,
        providers: provider.providers,
        logo: provider.logo_file
          ? { file: provider.logo_file }
          : { svg: genericLogo(provider.display_name) },
      }),
  );
  return [...sandbox, ...configured];
}

function genericLogo(name: string): string {
  const text = name.replace(/[&<>"']/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60" role="img" aria-label="${text}"><rect width="200" height="60" rx="8" fill="#e9ecef"/><text x="100" y="36" text-anchor="middle" font-family="sans-serif" font-size="16" fill="#212529">${text}</text></svg>`;
}
