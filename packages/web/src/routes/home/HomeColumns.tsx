import type { HomeInfo } from '@verity/contracts';
import { useEffect, useState } from 'react';
import { Badge, Col, ListGroup, Row, Spinner } from 'react-bootstrap';
import { Alert } from '../../components/Alert';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { fetchHome } from '../../api/home';
import { homeCopy } from '../../copy/navigation';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The home page's three columns (spec): Recent activity, Proof, Verifications. */
export function HomeColumns() {
  const [home, setHome] = useState<HomeInfo | null>(null);
  const [failed, setFailed] = useState<'error' | 'secondFactor' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchHome({ signal: controller.signal }).then(setHome, (error: unknown) => {
      if (controller.signal.aborted) return;
      const secondFactor =
        error instanceof ApiError && error.code === 'second_factor_login_required';
      setFailed(secondFactor ? 'secondFactor' : 'error');
    });
    return () => controller.abort();
  }, []);

  if (failed === 'secondFactor')
    return (
      <Alert variant="info">
        {homeCopy.secondFactorBefore}
        <Link to="/secondfactorlogin">{homeCopy.secondFactorLink}</Link>
        {homeCopy.secondFactorAfter}
      </Alert>
    );
  if (failed) return <Alert variant="danger">{homeCopy.failed}</Alert>;
  if (!home) return <Spinner animation="border" role="status" aria-label={homeCopy.loading} />;

  return (
    <Row className="g-4">
      <Col md={4}>
        <h2 className="h5">{homeCopy.activityTitle}</h2>
        {home.auditEvents.length === 0 ? (
          <p>{homeCopy.noActivity}</p>
        ) : (
          <ListGroup as="ul">
            {home.auditEvents.map((event) => (
              <ListGroup.Item as="li" key={`${event.created}-${event.title}`}>
                {event.title}
                <br />
                <small className="text-body-secondary">{when(event.created)}</small>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Col>
      <Col md={4}>
        <h2 className="h5">{homeCopy.proofTitle}</h2>
        <ul className="list-unstyled">
          <li>
            <Link to="/account/share">{homeCopy.proveId}</Link>
          </li>
          <li>
            <Link to="/account/requestproof">{homeCopy.requestProof}</Link>
          </li>
        </ul>
      </Col>
      <Col md={4}>
        <h2 className="h5">{homeCopy.verificationsTitle}</h2>
        {home.verification.length === 0 ? (
          <p>{homeCopy.notVerified}</p>
        ) : (
          <ListGroup as="ul">
            {home.verification.map((item) => (
              <ListGroup.Item as="li" key={`${item.dateTime}-${item.name}`}>
                {item.name}
                {item.expired && (
                  <Badge bg="secondary" className="ms-2">
                    {item.detailsChanged ? homeCopy.detailsChanged : homeCopy.expired}
                  </Badge>
                )}
                <br />
                <small>{item.verified}</small>
                <br />
                <small className="text-body-secondary">
                  {when(item.dateTime)}
                  {item.expired &&
                    (item.detailsChanged ? homeCopy.detailsChangedNote : homeCopy.expiredNote)}
                </small>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
        <Link to="/Verify">{homeCopy.addVerification}</Link>
      </Col>
    </Row>
  );
}
