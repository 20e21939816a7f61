import type { Share as ShareRecord, ShareList } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { Alert } from '../../../components/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { fetchShares, withdrawShare } from '../../../api/share';
import { PageHeading } from '../../../components/PageHeading';
import { RequireAccountUser } from '../../../components/RequireAccountUser';
import { shareCopy } from '../../../copy/account';
import { ShareForm } from './ShareForm';
import { ShareTable } from './ShareTable';
import { screensCopy } from '../../../copy/navigation';

/** account/share (second document): who the user shared their identity with, and a form. */
export function SharePage() {
  return (
    <RequireAccountUser>
      <Share />
    </RequireAccountUser>
  );
}

function Share() {
  const [list, setList] = useState<ShareList | null>(null);
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [withdrawFailed, setWithdrawFailed] = useState(false);

  function shared(updated: ShareList, recipient: string) {
    setList(updated);
    setNotice(shareCopy.shared(recipient));
  }

  async function withdraw(share: ShareRecord) {
    if (withdrawing) return;
    setWithdrawing(share.id);
    setNotice(null);
    setWithdrawFailed(false);
    try {
      setList(await withdrawShare(share.id));
      setNotice(shareCopy.withdrawn(share.email));
    } catch {
      setWithdrawFailed(true);
    }
    setWithdrawing(null);
  }

  useEffect(() => {
    const controller = new AbortController();
    fetchShares({ signal: controller.signal }).then(setList, () => {
      if (!controller.signal.aborted) setFailed(true);
    });
    return () => controller.abort();
  }, []);

  return (
    <>
      <PageHeading>{shareCopy.title}</PageHeading>
      <p className="lead">{shareCopy.subtitle}</p>
      <div role="status">{notice ? <Alert variant="success">{notice}</Alert> : null}</div>
      {failed ? (
        <Alert variant="danger">{shareCopy.failed}</Alert>
      ) : list === null ? (
        <Spinner animation="border" role="status" aria-label={screensCopy.loading} />
      ) : (
        <Row className="g-4">
          <Col lg={7}>
            <ShareTable
              shares={list.shares}
              withdrawing={withdrawing}
              onWithdraw={(share) => void withdraw(share)}
            />
            {withdrawFailed ? <Alert variant="danger">{shareCopy.failed}</Alert> : null}
          </Col>
          <Col lg={5}>
            {list.shares.length < list.limit ? (
              <ShareForm linkDays={list.linkDays} onShared={shared} />
            ) : (
              <p>{shareCopy.limitReached}</p>
            )}
          </Col>
        </Row>
      )}
    </>
  );
}
