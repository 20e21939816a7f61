import { socialCallbackPath, type SocialProvider } from '@verity/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startSocial, type ProviderAnswer, type SocialPurpose } from '../../api/social';
import { browserStorage } from '../../state/browserStorage';
import {
  acceptResult,
  needsFreshLogin,
  PENDING_REDIRECT_KEY,
  socialErrorMessage,
  type PendingRedirect,
  type ProviderResult,
} from './socialResult';
import { SOCIAL_CHANNEL } from './socialChannel';

const POPUP_SIZE = 600;

function popupFeatures(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_SIZE) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_SIZE) / 2);
  return `popup=yes,width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`;
}

export const callbackUri = () => new URL(socialCallbackPath, window.location.origin).href;

/**
 * Social sign-in from a page: a 600 by 600 popup at the provider (spec), or the whole page
 * where popups are blocked. The popup's callback page reports back by postMessage to its
 * opener and by a BroadcastChannel (the provider's page may have cut the opener link); a
 * report counts only from this origin and for the state this page created.
 */
export function useSocialSignIn(
  purpose: SocialPurpose,
  requestId: string | null,
  onAnswer: (provider: SocialProvider, answer: ProviderAnswer) => Promise<void>,
) {
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [freshLoginNeeded, setFreshLoginNeeded] = useState(false);
  const pending = useRef<{ state: string; provider: SocialProvider } | null>(null);
  const answer = useRef(onAnswer);
  useEffect(() => {
    answer.current = onAnswer;
  });

  const settle = useCallback(async (provider: SocialProvider, result: ProviderResult) => {
    setFreshLoginNeeded(false);
    if ('error' in result) {
      setMessage(socialErrorMessage(provider, result.error));
      setBusy(null);
      return;
    }
    setBusy(provider);
    try {
      await answer.current(provider, {
        code: result.code,
        state: result.state,
        redirectUri: callbackUri(),
        ...(result.iss === undefined ? {} : { iss: result.iss }),
      });
      setBusy(null);
    } catch (error) {
      setMessage(socialErrorMessage(provider, error));
      setFreshLoginNeeded(needsFreshLogin(error));
      setBusy(null);
    }
  }, []);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const current = pending.current;
      const result = acceptResult(event, window.location.origin, current?.state ?? null);
      if (!current || !result) return;
      pending.current = null;
      void settle(current.provider, result);
    };
    window.addEventListener('message', receive);
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(SOCIAL_CHANNEL) : null;
    channel?.addEventListener('message', receive);
    return () => {
      window.removeEventListener('message', receive);
      channel?.close();
    };
  }, [settle]);

  const begin = useCallback(
    async (provider: SocialProvider, termsAccepted = false) => {
      setMessage(null);
      setFreshLoginNeeded(false);
      // Opened at once, while the click still counts as the user's: browsers block popups
      // opened after an await.
      const popup = window.open('', 'verity-social', popupFeatures());
      setBusy(provider);
      let started: { authorizationUrl: string; state: string };
      try {
        started = await startSocial(provider, { purpose, requestId, termsAccepted });
      } catch (error) {
        popup?.close();
        setMessage(socialErrorMessage(provider, error));
        setFreshLoginNeeded(needsFreshLogin(error));
        setBusy(null);
        return;
      }
      if (!popup || popup.closed) {
        const redirect: PendingRedirect = { state: started.state, provider, purpose };
        browserStorage('sessionStorage').setItem(PENDING_REDIRECT_KEY, JSON.stringify(redirect));
        window.location.assign(started.authorizationUrl);
        return;
      }
      pending.current = { state: started.state, provider };
      popup.location.href = started.authorizationUrl;
      popup.focus();
      // The buttons come back if the popup is closed; a late answer is still accepted.
      const watch = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(watch);
        setBusy((current) => (current === provider && pending.current ? null : current));
      }, 500);
    },
    [purpose, requestId],
  );

  /** freshLoginNeeded: the failure was recent_login_required (see needsFreshLogin). */
  return { begin, busy, message, freshLoginNeeded };
}
