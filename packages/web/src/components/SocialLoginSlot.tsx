import type { SocialProvider } from '@verity/contracts';
import { useEffect, useState } from 'react';
import Col from 'react-bootstrap/Col';
import { socialLogin } from '../api/social';
import { socialCopy } from '../copy/social';
import { useAuth } from '../state/authContext';
import { FormAlert } from './form/FormAlert';
import { SocialButtons } from './social/SocialButtons';
import { useSocialSignIn } from './social/useSocialSignIn';
import { configuredProviders } from '../api/social';

/**
 * The social buttons of /login and /signup (first document): one per configured provider,
 * none without configuration. A successful login is stored like an e-mail login; the page's
 * signed-in guard then moves on to the next step.
 */
export function SocialLoginSlot({ mode }: { mode: 'login' | 'signup' }) {
  const auth = useAuth();
  const providers = useConfiguredProviders();
  const social = useSocialSignIn('login', auth.requestId, async (provider, answer) => {
    const result = await socialLogin(provider, { ...answer, requestId: auth.requestId });
    auth.loginSuccess(result.email, result.userRequirements);
  });
  if (providers.length === 0) return null;
  const content = (
    <section aria-label={mode === 'login' ? 'Log in with' : 'Sign up with'} className="mb-4">
      <SocialButtons
        providers={providers}
        label={mode === 'login' ? socialCopy.loginWith : socialCopy.signupWith}
        busy={social.busy}
        onChoose={(provider) => void social.begin(provider)}
      />
      <FormAlert message={social.message} />
    </section>
  );
  return mode === 'login' ? <Col md={4}>{content}</Col> : content;
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
