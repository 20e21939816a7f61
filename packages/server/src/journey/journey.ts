import type { Requirement } from '@verity/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { AppContext } from '../context.js';
import type { User } from '../features/accounts/userStore.js';
import type { Client } from '../features/clients/store.js';
import { outstandingRequirements } from '../features/requests/requirements.js';
import { readSession } from '../features/session/providerSession.js';
import { provedTwoFactors } from '../oidc/authenticationStrength.js';
import type { RequestLogin, SessionLike } from '../oidc/interactions.js';
import { SESSION_ABSOLUTE_SECONDS } from '../oidc/provider.js';
import type { Access } from './access.js';
import { enforceAccess } from './enforce.js';
import { bindPhone, establishPhotoHandoff, type PhotoHandoffCall } from './handoffPhoto.js';

type Interaction = InstanceType<Provider['Interaction']>;

/** The sign-in request bound to this browser, with its client. */
export interface SignInRequest {
  interaction: Interaction;
  client: Client;
}

/** Who is signed in on this browser, how, and what it is worth. */
export interface SignedIn {
  user: User;
  accountId: string;
  session: SessionLike;
  /** The login, as the request in progress sees it (or the session's, outside a request). */
  login: RequestLogin;
  /** The user's second-factor methods. */
  methods: number;
  /** Two factors proved in this session (a second factor, or a PIN login). */
  twoFactors: boolean;
  /** Seconds since the login (first factor). */
  loginAge: number;
}

export type StepView = SignedIn & { interaction: Interaction | null; client: Client | undefined };

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Loads at most once, until the journey forgets what it loaded (the session changed). */
function once<T>(journey: { generation: number }, load: () => Promise<T>): () => Promise<T> {
  let loaded: { generation: number; value: Promise<T> } | undefined;
  return () => {
    if (loaded?.generation !== journey.generation)
      loaded = { generation: journey.generation, value: load() };
    return loaded.value;
  };
}

/**
 * Everything one API call knows about the journey, loaded at most once per call and only
 * when a rule or the handler asks: the browser session, the user, the login and its worth,
 * the sign-in request bound to this browser and its client, and (computed afresh each time,
 * so a handler gets them after its own write) the outstanding requirements.
 */
export class Journey {
  /** Set by the journey's preHandler for routes that need a signed-in user. */
  private signedInValue: SignedIn | null = null;
  private requestValue: SignInRequest | null = null;
  /** Bumped when the call changed the session (a factor added): what was loaded is stale. */
  generation = 0;
  /** The purpose a `byPurpose` route's call was enforced as (null for other routes). */
  purpose: string | null = null;
  /** An account call: no request's client lifetime applies unless the call names the request. */
  private accountCall = false;
  /** A phone's call by the desktop's link (`handoff('photo')`): its view is the link's. */
  photoHandoff: PhotoHandoffCall | null = null;
  /**
   * What a phone's call stands for (handoffPhoto.ts): the link's user and the desktop's login,
   * its request, and the desktop session's uid. `signIn`, `signInRequest` and
   * `loginServesRequest` answer from it instead of a session, so the step rules run unchanged.
   */
  private handoffView: HandoffView | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {}

  /** The call itself (a `byPurpose` declaration reads its purpose from it). */
  get call(): FastifyRequest {
    return this.request;
  }

  /** The browser's session (a new, empty one when it has none). */
  readonly session = once(this, () => readSession(this.ctx, this.request, this.reply));

  /** The signed-in user, unless nobody is or the account is closed. */
  readonly user = once(this, async (): Promise<User | null> => {
    const session = await this.session();
    if (!session.accountId) return null;
    const user = await this.ctx.users.findById(session.accountId);
    return user && !user.closed ? user : null;
  });

  /**
   * The sign-in request this call is about: the one the call names (`requestId` in the query,
   * path or body), which must be bound to this browser (else request_not_bound), or else the
   * browser's latest request; null outside a request.
   */
  signInRequest(): Promise<SignInRequest | null> {
    return this.handoffView ? Promise.resolve(this.handoffView.current) : this.boundRequest();
  }

  /** The request of this browser (see `signInRequest`). */
  private readonly boundRequest = once(this, async (): Promise<SignInRequest | null> => {
    const named = requestIdOf(this.request);
    const interaction = named
      ? await this.ctx.interactions.load(this.request, named)
      : await this.ctx.interactions.currentRequest(this.request);
    if (!interaction) return null;
    const client = await this.ctx.clients.find(String(interaction.params.client_id));
    return client ? { interaction, client } : null;
  });

  /**
   * The request whose client's session lifetime bounds the login. A step serves the request
   * the call names or the browser's latest. An account call is no client's: only a request it
   * names counts, never the browser's latest, which may be long abandoned (a user who left a
   * short-lived client's request is still signed in to their account, within the absolute
   * limit).
   */
  readonly lifetimeRequest = once(this, async (): Promise<SignInRequest | null> =>
    this.accountCall && !requestIdOf(this.request) ? null : this.signInRequest(),
  );

  /** Marks the call as the account area's, before its login is loaded (enforce does). */
  asAccountCall(): void {
    if (this.accountCall) return;
    this.accountCall = true;
    this.generation += 1;
  }

  /**
   * The signed-in user and their login: null when nobody is signed in, or the login is older
   * than the absolute limit or than the session lifetime of the request's client (see
   * `lifetimeRequest`).
   */
  signIn(): Promise<SignedIn | null> {
    const view = this.handoffView;
    if (!view) return this.sessionSignIn();
    // The desktop's login, bounded as the desktop's own call would bound it.
    const { who, current } = view;
    return Promise.resolve(who.loginAge > loginLifetime(current) ? null : who);
  }

  /** The browser session's sign-in (see `signIn`). */
  private readonly sessionSignIn = once(this, async (): Promise<SignedIn | null> => {
    const user = await this.user();
    if (!user) return null;
    const session = await this.session();
    const login = sessionLogin(session);
    if (!login) return null;
    const loginAge = nowSeconds() - login.loginTs;
    if (loginAge > loginLifetime(await this.lifetimeRequest())) return null;
    return {
      user,
      accountId: user.id,
      session,
      login,
      methods: await this.ctx.secondFactors.count(user.id),
      twoFactors: provedTwoFactors(login.amr),
      loginAge,
    };
  });

  /**
   * True when the login may serve the request in progress: not when the client asked for a
   * fresh login (prompt=login) this login did not answer, or for one newer than max_age.
   */
  async loginServesRequest(): Promise<boolean> {
    const current = await this.signInRequest();
    if (!current) return true;
    // A phone's call: the desktop's session as it was when the link was made.
    const session = this.handoffView?.desktopSession ?? (await this.session());
    const login = await this.ctx.interactions.currentLogin(
      current.interaction,
      session,
      current.client.policy.sessionLifetime,
    );
    return login !== null;
  }

  /** What the user must still do for the request in progress (none outside a request). */
  async outstanding(): Promise<Requirement[]> {
    const current = await this.signInRequest();
    const signedIn = await this.signIn();
    if (!current) return [];
    return outstandingRequirements(this.ctx, current.interaction, signedIn?.login ?? null);
  }

  /**
   * Enforces an access rule now: the route's declaration (by the journey's hook), or a second
   * rule a call that serves two purposes applies once it knows which (open banking).
   */
  async enforce(access: Access): Promise<void> {
    await enforceAccess(this, access);
  }

  /**
   * The call changed the browser's session (a second factor proved): the session, the login
   * and what they are worth are loaded again, and a `step` or `account` route's view follows.
   */
  async sessionChanged(): Promise<void> {
    this.generation += 1;
    if (this.signedInValue) this.signedInValue = (await this.signIn()) ?? this.signedInValue;
  }

  /**
   * `handoff('photo')`: validates the phone's link and takes its view (handoffPhoto.ts); the
   * caller then applies the desktop's step rules to that view before the phone is bound.
   */
  async byPhotoHandoff(): Promise<void> {
    this.photoHandoff = await establishPhotoHandoff(this.ctx, this);
  }

  /** The view a handoff link stands for: its user and login, its request, no session. */
  establishedByHandoff(view: HandoffView): void {
    this.handoffView = view;
  }

  /** The first phone to open the link is bound to it (after every rule held). */
  async bindPhotoPhone(): Promise<void> {
    if (this.photoHandoff) this.photoHandoff = await bindPhone(this.ctx, this, this.photoHandoff);
  }

  /** Marks what the preHandler established, for the handler's synchronous reads. */
  established(signedIn: SignedIn | null, current: SignInRequest | null): void {
    this.signedInValue = signedIn;
    this.requestValue = current;
  }

  /** The signed-in user of a `firstFactor`, `step` or `account` route (its preHandler checked). */
  get who(): SignedIn {
    if (!this.signedInValue) throw new Error('this route does not declare a signed-in user');
    return this.signedInValue;
  }

  /** The sign-in request of a `step` or `account` route, null outside a request. */
  get current(): SignInRequest | null {
    return this.requestValue;
  }

  /** A step's view: the signed-in user and the request in progress, if any. */
  get step(): StepView {
    return {
      ...this.who,
      interaction: this.requestValue?.interaction ?? null,
      client: this.requestValue?.client,
    };
  }
}

/** What a phone's call stands for (`Journey.establishedByHandoff`). */
export interface HandoffView {
  who: SignedIn;
  current: SignInRequest;
  /** The desktop's session when the link was made: its uid and login (prompt=login, max_age). */
  desktopSession: SessionLike;
}

/** How old a login may be for this request: its client's session lifetime, within the absolute. */
function loginLifetime(current: SignInRequest | null): number {
  return Math.min(
    SESSION_ABSOLUTE_SECONDS,
    current?.client.policy.sessionLifetime ?? SESSION_ABSOLUTE_SECONDS,
  );
}

/** The session's own login, outside a sign-in request. */
function sessionLogin(session: SessionLike): RequestLogin | null {
  if (!session.accountId) return null;
  return {
    accountId: session.accountId,
    amr: session.amr ?? [],
    acr: session.acr ?? 'urn:verity:aal1',
    loginTs: session.loginTs ?? 0,
    remember: !session.transient,
  };
}

/** The requestId a call names: ?requestId=, a :requestId path parameter, or the JSON body. */
function requestIdOf(request: FastifyRequest): string | undefined {
  const pick = (source: unknown, ...names: string[]) => {
    if (!source || typeof source !== 'object') return undefined;
    for (const name of names) {
      const value = (source as Record<string, unknown>)[name];
      if (typeof value === 'string' && value !== '') return value;
    }
    return undefined;
  };
  return (
    pick(request.query, 'requestId', 'RequestId') ??
    pick(request.params, 'requestId') ??
    pick(request.body, 'requestId', 'RequestId')
  );
}
