import type Provider from 'oidc-provider';
import type { Config } from './config.js';
import type { FieldEncryption } from './crypto/fieldEncryption.js';
import type { DatabaseHandle } from './db/database.js';
import type { ClientStore } from './features/clients/store.js';
import { OutboxStore } from './features/outbox/store.js';
import { DatabaseKeyValueStore } from './kv/databaseStore.js';
import type { KeyValueStore } from './kv/keyValueStore.js';
import { RateLimiter } from './kv/rateLimiter.js';
import { RedisKeyValueStore } from './kv/redisStore.js';
import { FallbackCounterStore } from './kv/fallbackCounters.js';
import { ENDPOINT_LIMIT_WINDOW_SECONDS } from './http/tokenEndpointLimits.js';
import { EmailCodeStore } from './features/accounts/emailCodes.js';
import { UserStore } from './features/accounts/userStore.js';
import { AuditLog } from './features/audit/auditLog.js';
import { ConsentStore } from './features/consent/consentStore.js';
import { ProfileStore } from './features/profile/profileStore.js';
import { ShareStore } from './features/share/shareStore.js';
import { BrowserIdentity } from './http/browserId.js';
import { InteractionBridge } from './oidc/interactions.js';
import type { SigningKeyMaker, SigningKeyStore } from './oidc/keys.js';
import { onKeyChange } from './oidc/keyChangeSignal.js';
import { LiveProvider } from './oidc/liveProvider.js';
import { createProvider } from './oidc/provider.js';
import { ChallengeStore } from './features/secondFactor/challengeStore.js';
import { RecoveryCodeStore } from './features/secondFactor/recoveryCodes.js';
import { SecondFactorStore } from './features/secondFactor/secondFactorStore.js';
import type { AddressProvider } from './providers/address/addressProvider.js';
import { HttpAddressProvider } from './providers/address/httpAddresses.js';
import { SandboxAddressProvider } from './providers/address/sandboxAddresses.js';
import type { EmailProvider } from './providers/email/emailProvider.js';
import { MailQueue } from './providers/email/mailQueue.js';
import { MailWorker } from './providers/email/mailWorker.js';
import { OutboxEmailProvider } from './providers/email/outboxEmail.js';
import { QueuedEmailProvider } from './providers/email/queuedEmail.js';
import { SmtpTransport } from './providers/email/smtpEmail.js';
import { HttpPhoneProvider } from './providers/phone/httpPhone.js';
import type { PhoneProvider } from './providers/phone/phoneProvider.js';
import { SandboxPhoneProvider } from './providers/phone/sandboxPhone.js';
import type { Secrets } from './secrets.js';
import { ObAttemptStore } from './features/openBanking/attemptStore.js';
import { BankAccountStore } from './features/openBanking/bankAccountStore.js';
import type { AccountDataProvider } from './providers/bank/accountDataProvider.js';
import { bankProvidersFrom } from './providers/bank/registry.js';
import type { AccountVerificationProvider } from './providers/bank/accountVerification.js';
import { HttpAccountVerification } from './providers/bank/httpAccountVerification.js';
import { SandboxAccountVerification } from './providers/bank/sandboxAccountVerification.js';
import { openStores } from './stores.js';
import { coreIdentityOf } from './features/identity/coreIdentity.js';
import { EvidenceStore } from './features/evidence/evidenceStore.js';
import { AssuranceChoiceStore } from './features/assurance/choiceStore.js';
import type { DocumentProvider } from './providers/documents/documentProvider.js';
import { SandboxDocumentProvider } from './providers/documents/sandboxDocuments.js';
import type { PhotoIdProvider } from './features/photoId/photoIdProvider.js';
import { localPhotoPipeline } from './features/photoId/localPhotoPipeline.js';
import { PhotoImageStore } from './features/photoId/photoImageStore.js';
import { PhotoHandoffStore } from './features/photoId/handoffStore.js';
import { PendingPhotoChecks } from './features/photoId/vendor/pendingPhotoChecks.js';
import { VendorPhotoProvider } from './features/photoId/vendor/vendorPhotoProvider.js';
import { SocialFlowStore } from './features/social/flowStore.js';
import { SocialIdentityStore } from './features/social/identityStore.js';
import { socialProvidersFrom, type SocialProviders } from './providers/social/socialProviders.js';
import { KbvChallengeStore } from './features/kbv/challengeStore.js';
import type { CreditReferenceProvider } from './providers/kbv/creditReference.js';
import { SandboxCreditReference } from './providers/kbv/sandboxCreditReference.js';
import type { CardProvider } from './providers/cards/cardProvider.js';
import { SandboxCardProvider } from './providers/cards/sandboxCards.js';
import type { MobileOperatorProvider } from './providers/mobile/mobileOperator.js';
import { SandboxMobileOperators } from './providers/mobile/sandboxMobileOperators.js';
import { loadAuthorities, type AuthorityClient } from './features/pin/authority.js';
import { PinStore } from './features/pin/pinStore.js';
import { AccessSessionStore } from './features/pin/accessSessions.js';
import { Metrics } from './metrics/metrics.js';
import { startTracing, type Tracing } from './tracing/tracing.js';

/** Everything the app needs, built once from the configuration; tests build their own. */
export interface AppContext {
  config: Config;
  secrets: Secrets;
  database: DatabaseHandle;
  encryption: FieldEncryption;
  /** Flow records (sign-in bindings, reset and step-up records): Redis with REDIS_URL. */
  kv: KeyValueStore;
  /**
   * Lockout and guess counters and the API's rate limits: always in the database, so no Redis
   * outage or restart resets them (docs/operations.md, "Counters and Redis").
   */
  counters: KeyValueStore;
  rateLimiter: RateLimiter;
  /** The OpenID Connect endpoints' limits: Redis, falling back to the database while it fails. */
  endpointLimiter: RateLimiter;
  clients: ClientStore;
  keys: SigningKeyStore;
  outbox: OutboxStore;
  /** The e-mail queue; `mailQueue.pendingCount()` is the queue depth gauge. */
  mailQueue: MailQueue;
  /** This instance's mail sender (null without SMTP); `counts` has sent, retried, given up. */
  mailWorker: MailWorker | null;
  email: EmailProvider;
  /** The provider serving now; rebuilt when the signing keys change (liveProvider.ts). */
  readonly provider: Provider;
  liveProvider: LiveProvider;
  interactions: InteractionBridge;
  browsers: BrowserIdentity;
  users: UserStore;
  emailCodes: EmailCodeStore;
  audit: AuditLog;
  addresses: AddressProvider;
  profiles: ProfileStore;
  consents: ConsentStore;
  shares: ShareStore;
  evidence: EvidenceStore;
  assuranceChoices: AssuranceChoiceStore;
  /** The identity-check providers; null when this deployment has none (the check is not offered). */
  documents: DocumentProvider | null;
  /** The photo checks' provider (the local image pipeline with LOCAL_PHOTO_CHECKS); null: none. */
  photoId: PhotoIdProvider | null;
  /** The photos of photo checks, encrypted, until their check completes (or the retention). */
  photoImages: PhotoImageStore;
  /** The desktop's single-use links that hand a photo check to the phone. */
  photoHandoffs: PhotoHandoffStore;
  /** Photo checks a vendor answers later, until the status poll settles them. */
  pendingPhotoChecks: PendingPhotoChecks;
  bankProviders: AccountDataProvider[];
  obAttempts: ObAttemptStore;
  bankAccounts: BankAccountStore;
  socialProviders: SocialProviders;
  socialFlows: SocialFlowStore;
  socialIdentities: SocialIdentityStore;
  secondFactors: SecondFactorStore;
  secondFactorChallenges: ChallengeStore;
  recoveryCodes: RecoveryCodeStore;
  phone: PhoneProvider;
  creditReference: CreditReferenceProvider | null;
  kbvChallenges: KbvChallengeStore;
  cards: CardProvider | null;
  mobileOperators: MobileOperatorProvider | null;
  /** Checks a typed bank account's holder (the Bank check); null when none is set up. */
  accountVerification: AccountVerificationProvider | null;
  /** The PIN scheme's two secret-share authorities, each with its own master share. */
  pinAuthorities: [AuthorityClient, AuthorityClient];
  pins: PinStore;
  /** Cross-device PIN login's access sessions. */
  accessSessions: AccessSessionStore;
  /** Prometheus metrics (/metrics), on this context's own registry. */
  metrics: Metrics;
  /** OpenTelemetry export, when OTEL_EXPORTER_OTLP_ENDPOINT is set; flushed by close(). */
  tracing: Tracing | null;
  close(): Promise<void>;
}

export async function createAppContext(
  config: Config,
  /** The clock of the signing keys' lifecycle; tests move it. */
  now: () => number = Date.now,
  /** How new signing keys are made (tests: keys made once per process). */
  makeKey?: SigningKeyMaker,
): Promise<AppContext> {
  // Settings first (they throw ConfigError), then what has to be given back on failure.
  const pinAuthorities = loadAuthorities(config);
  const tracing = config.otlpEndpoint ? startTracing(config.otlpEndpoint) : null;
  const stores = await openStores(config, now, makeKey).catch(async (error: unknown) => {
    await tracing?.shutdown().catch(() => undefined);
    throw error;
  });
  try {
    return await contextOver(config, pinAuthorities, now, tracing, stores);
  } catch (error) {
    await stores.database.db.destroy().catch(() => undefined);
    await tracing?.shutdown().catch(() => undefined);
    throw error;
  }
}

async function contextOver(
  config: Config,
  pinAuthorities: [AuthorityClient, AuthorityClient],
  now: () => number,
  tracing: Tracing | null,
  { secrets, database, encryption, clients, keys }: Awaited<ReturnType<typeof openStores>>,
): Promise<AppContext> {
  await keys.ensureKeys();
  const outbox = new OutboxStore(database.db, encryption);
  const mailQueue = new MailQueue(database.db, encryption);
  const profiles = new ProfileStore(database.db, encryption);
  const evidence = new EvidenceStore(
    database.db,
    encryption,
    () => Date.now(),
    config.evidenceMaxAgeDays,
    async (userId) => coreIdentityOf(await profiles.get(userId)),
  );
  const secondFactors = new SecondFactorStore(database.db, encryption);
  const providerDeps = {
    config,
    secondFactors,
    db: database.db,
    clients,
    profiles,
    evidence,
    cookieKeys: secrets.cookieKeys,
    customClaims: [
      ...new Set(
        (await clients.list()).flatMap((client) =>
          client.policy.customClaims.map((field) => field.name),
        ),
      ),
    ],
  };
  const liveProvider = await LiveProvider.start(
    keys,
    async (jwks) => createProvider(providerDeps, jwks),
    now,
  );
  // Connections last: only constructors follow, so a failed start leaves nothing open.
  const counters = new DatabaseKeyValueStore(database.db);
  const redis = config.redisUrl
    ? new RedisKeyValueStore(config.redisUrl, config.redisKeyPrefix, {
        commandTimeoutMs: config.redisCommandTimeoutMs,
      })
    : null;
  const kv: KeyValueStore = redis ?? counters;
  const keyChanges = config.redisUrl
    ? onKeyChange(config.redisUrl, config.redisKeyPrefix, () => void liveProvider.refresh())
    : undefined;
  const mailWorker = config.smtpUrl
    ? new MailWorker(
        mailQueue,
        new SmtpTransport(config.smtpUrl, config.mailFrom),
        config.mailRetry,
      )
    : null;
  const email: EmailProvider = mailWorker
    ? new QueuedEmailProvider(outbox, mailWorker)
    : new OutboxEmailProvider(outbox);
  // Each instance sends the queue, including what an earlier run left pending.
  mailWorker?.start();
  const browsers = new BrowserIdentity(config.publicUrl.protocol === 'https:');
  const metrics = new Metrics({ mailQueueDepth: () => mailQueue.pendingCount() });
  const interactions = new InteractionBridge(liveProvider, kv, browsers);
  // A vendor when configured (PHOTO_ID_PROVIDER=vendor), else the local pipeline if enabled.
  const photoId: PhotoIdProvider | null = config.photoVendor
    ? new VendorPhotoProvider(config.photoVendor)
    : config.localPhotoChecks
      ? localPhotoPipeline
      : null;
  return {
    config,
    secrets,
    database,
    encryption,
    kv,
    counters,
    rateLimiter: new RateLimiter(counters),
    endpointLimiter: new RateLimiter(
      redis ? new FallbackCounterStore(redis, counters, ENDPOINT_LIMIT_WINDOW_SECONDS) : counters,
    ),
    clients,
    keys,
    outbox,
    mailQueue,
    mailWorker,
    email,
    get provider() {
      return liveProvider.provider;
    },
    liveProvider,
    interactions,
    browsers,
    users: new UserStore(database.db),
    emailCodes: new EmailCodeStore(database.db, secrets.dataKey),
    audit: new AuditLog(database.db, metrics),
    profiles,
    consents: new ConsentStore(database.db),
    addresses: config.addressApi
      ? new HttpAddressProvider(config.addressApi.url, config.addressApi.key)
      : new SandboxAddressProvider(),
    shares: new ShareStore(database.db, encryption, secrets.dataKey),
    evidence,
    assuranceChoices: new AssuranceChoiceStore(kv),
    documents: config.sandboxChecks ? new SandboxDocumentProvider() : null,
    photoId,
    photoImages: new PhotoImageStore(database.db, encryption, config.photoRetentionDays),
    photoHandoffs: new PhotoHandoffStore(kv),
    pendingPhotoChecks: new PendingPhotoChecks(database.db, encryption),
    bankProviders: bankProvidersFrom(config, secrets.dataKey),
    obAttempts: new ObAttemptStore(database.db, encryption),
    bankAccounts: new BankAccountStore(database.db, encryption, secrets.dataKey),
    socialProviders: socialProvidersFrom(config.social),
    socialFlows: new SocialFlowStore(database.db, encryption),
    socialIdentities: new SocialIdentityStore(database.db, encryption, secrets.dataKey),
    secondFactors,
    secondFactorChallenges: new ChallengeStore(database.db, encryption, secrets.dataKey),
    recoveryCodes: new RecoveryCodeStore(database.db, secrets.dataKey),
    phone: config.phoneApi
      ? new HttpPhoneProvider({ ...config.phoneApi, productName: config.productName })
      : new SandboxPhoneProvider(outbox, config.productName),
    creditReference: config.sandboxChecks ? new SandboxCreditReference() : null,
    kbvChallenges: new KbvChallengeStore(kv),
    cards: config.sandboxChecks ? new SandboxCardProvider() : null,
    mobileOperators: config.sandboxChecks ? new SandboxMobileOperators() : null,
    accountVerification: config.accountVerification
      ? new HttpAccountVerification(config.accountVerification)
      : config.sandboxChecks
        ? new SandboxAccountVerification()
        : null,
    pinAuthorities,
    pins: new PinStore(database.db, encryption),
    accessSessions: new AccessSessionStore(database.db),
    metrics,
    tracing,
    async close() {
      liveProvider.stop();
      keyChanges?.close();
      await email.close();
      await kv.close();
      // The OCR worker and the face models (they start on first use). Their close is bounded
      // (each worker's job and end have a timeout); a failure must not keep the database and
      // tracing from closing.
      await photoId?.close().catch(() => undefined);
      await database.db.destroy();
      await tracing?.shutdown();
    },
  };
}
