import type { AppContext } from '../../context.js';

/**
 * Revokes every grant this user gave this client, and the codes and tokens issued under
 * them, through oidc-provider's own models (as its revocation endpoint does).
 */
export async function revokeClientGrants(
  ctx: AppContext,
  accountId: string,
  clientId: string,
): Promise<number> {
  const rows = await ctx.database.db
    .selectFrom('oidc_payloads')
    .select(['id', 'payload'])
    .where('model', '=', 'Grant')
    .where('payload', 'like', `%${JSON.stringify(accountId).slice(1, -1)}%`)
    .execute();
  const grantIds = rows
    .filter((row) => {
      const grant = JSON.parse(row.payload) as { accountId?: string; clientId?: string };
      return grant.accountId === accountId && grant.clientId === clientId;
    })
    .map((row) => row.id);
  const { provider } = ctx;
  for (const grantId of grantIds) {
    await Promise.all([
      provider.AccessToken.revokeByGrantId(grantId),
      provider.RefreshToken.revokeByGrantId(grantId),
      provider.AuthorizationCode.revokeByGrantId(grantId),
    ]);
    await provider.Grant.adapter.destroy(grantId);
  }
  return grantIds.length;
}
