import type { SocialProvider } from '@verity/contracts';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import { configuredProviders, socialLogin } from '../api/social';
import { socialCopy } from '../copy/social';
import { useAuth } from '../state/authContext';
import { FormAlert } from './form/FormAlert';
import { TermsCheckbox } from './form/TermsCheckbox';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';

/**
 * The social buttons of /login and /signup (first document): one per configured provider,
 * none without configuration. Signing up asks for the terms first, as /signup2 does; only
 * then may a social login create an account. A successful login is stored like an e-mail
 * login; the page's signed-in guard then moves on to the next step.
 */
export function SocialLoginSlot({ mode }: { mode: 'login' | 'signup' }) {
  const auth = useAuth();
  const providers = useConfiguredProviders();
  const [termsAccepted, setTermsAccepted] = useState(false);
  const social = useSocialSignIn('login', auth.requestId, async (provider, answer) => {
    const result = await socialLogin(provider, { ...answer, requestId: auth.requestId });
    auth.loginSuccess(result.email, result.userRequirements);
  });
  if (providers.length === 0) return null;
  const signup = mode === 'signup';
  const content = (
    <section aria-label={signup ? 'Sign up with' : 'Log in with'} className="mb-4">
      {signup ? <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} /> : null}
      <SocialButtons
        providers={providers}
        label={signup ? socialCopy.signupWith : socialCopy.loginWith}
        busy={social.busy}
        disabled={signup && !termsAccepted}
        onChoose={(provider) => void social.begin(provider, signup)}
      />
      <FormAlert message={social.message} />
    </section>
  );
  return signup ? content : <Col md={4}>{content}</Col>;
}

function useConfiguredProviders(): SocialProvider[] {
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    configuredProviders({ signal: controller.signal }).then(
      (list) => setProviders(list),
      () => setProviders([]),
    );
    return () => controller.abort();
  }, []);
  return providers;
}
