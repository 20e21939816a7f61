import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { secondFactorCopy } from '../../copy/secondFactor';

export interface MethodCardProps {
  id: string;
  title: string;
  text: string;
  /** The method's name once set up, or null. */
  setUpAs: string | null;
  /** The card's buttons and messages. */
  children: ReactNode;
}

/** One method's card of 'Setup security': what it is, whether it is set up, its actions. */
export function MethodCard({ id, title, text, setUpAs, children }: MethodCardProps) {
  return (
    <Card as="section" aria-labelledby={`${id}-title`} className="h-100">
      <Card.Body>
        <h2 id={`${id}-title`} className="h5 d-flex justify-content-between align-items-start">
          {title}
          <Badge bg={setUpAs ? 'success' : 'secondary'} className="ms-2">
            {setUpAs ? secondFactorCopy.isSetUp : secondFactorCopy.notSetUp}
          </Badge>
        </h2>
        <Card.Text>{text}</Card.Text>
        {setUpAs ? (
          <Card.Text className="text-body-secondary text-break">{setUpAs}</Card.Text>
        ) : null}
        {children}
      </Card.Body>
    </Card>
  );
}
