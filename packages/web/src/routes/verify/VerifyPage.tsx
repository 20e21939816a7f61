import { verifyEntries } from '@verity/contracts';
import { useEffect, useState } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import { fetchHome } from '../../api/home';
import { PageHeading } from '../../components/PageHeading';
import { RequireSignedIn } from '../../components/RequireSignedIn';
import { WaitScreen } from '../../components/WaitScreen';
import { checksCopy } from '../../copy/checks';

/** The fixed list of /Verify: each entry, the verifications that complete it, and its screen. */
const entries = verifyEntries();

/** /Verify: every verification on offer, without those already done (spec: fixed list). */
export function VerifyPage() {
  return (
    <RequireSignedIn>
      <Verify />
    </RequireSignedIn>
  );
}

function Verify() {
  const [done, setDone] = useState<Set<string> | null>(null);
  const [unavailable, setUnavailable] = useState<Set<string>>(new Set());

  useEffect(() => {
    const controller = new AbortController();
    fetchHome({ signal: controller.signal }).then(
      (home) => {
        if (controller.signal.aborted) return;
        setUnavailable(new Set(home.unavailableChecks ?? []));
        // An expired verification is offered again.
        setDone(new Set(home.verification.filter((v) => !v.expired).map((v) => v.check)));
      },
      () => {
        // Without the list, every entry is offered; a screen refuses what is already done.
        if (!controller.signal.aborted) setDone(new Set());
      },
    );
    return () => controller.abort();
  }, []);

  if (done === null) return <WaitScreen />;
  // Done, or not offered by this deployment (every check of the entry unavailable): left out.
  const open = entries.filter(
    (entry) =>
      !entry.done.some((name) => done.has(name)) &&
      !entry.done.every((name) => unavailable.has(name)),
  );
  return (
    <>
      <PageHeading>{checksCopy.verifyTitle}</PageHeading>
      <p className="lead">{open.length > 0 ? checksCopy.verifyIntro : checksCopy.allDone}</p>
      <ListGroup style={{ maxWidth: '36rem' }}>
        {open.map((entry) => (
          <ListGroup.Item key={entry.to} action as={Link} to={entry.to}>
            {entry.label}
          </ListGroup.Item>
        ))}
      </ListGroup>
    </>
  );
}
