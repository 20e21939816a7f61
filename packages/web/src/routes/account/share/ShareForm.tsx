import type { ShareList } from '@verity/contracts';
import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { shareIdentity } from '../../../api/share';
import { BusyButton } from '../../../components/form/BusyButton';
import { EmailField } from '../../../components/form/EmailField';
import { FormAlert } from '../../../components/form/FormAlert';
import { shareCopy } from '../../../copy/account';
import { shareErrorMessage } from './shareError';

/** The recipient form: 'Share identity', 'Sharing identity...' while the call is under way. */
export function ShareForm({
  linkDays,
  onShared,
}: {
  linkDays: number;
  onShared(list: ShareList, recipient: string): void;
}) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === '' || busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const recipient = email.trim();
      const list = await shareIdentity(recipient);
      setEmail('');
      onShared(list, recipient);
    } catch (error) {
      setMessage(shareErrorMessage(error));
    }
    setBusy(false);
  }

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-label={shareCopy.share}>
      <EmailField id="share-email" label={shareCopy.recipient} value={email} onChange={setEmail} />
      <p className="form-text mt-n2">{shareCopy.recipientHint(linkDays)}</p>
      <BusyButton
        busy={busy}
        label={shareCopy.share}
        busyLabel={shareCopy.sharing}
        disabled={email.trim() === ''}
      />
      <FormAlert message={message} />
    </Form>
  );
}
