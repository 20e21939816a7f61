import { clientPolicySchema, type ClientPolicy } from '../features/clients/policy.js';

/**
 * The client metadata property (oidc-provider's extraClientMetadata) carrying the client's
 * whole policy, read with the client the provider loads anyway: the login prompt's checks of
 * a single sign-on then need no read of their own (oidc/provider.ts).
 */
export const CLIENT_POLICY_METADATA = 'verity_client_policy';

/** The policy the provider's client object holds; undefined when it holds none (or a bad one). */
export function policyOfProviderClient(client: unknown): ClientPolicy | undefined {
  const value = (client as Record<string, unknown> | undefined)?.[CLIENT_POLICY_METADATA];
  if (value === undefined) return undefined;
  const parsed = clientPolicySchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
