export interface ClientHeaderProps {
  clientName: string;
  clientLogo: string | null;
}

/**
 * The client whose request this is, at the top of every step of it: its logo and name, so
 * the user sees where they came from. The logo is decorative (the name is beside it).
 */
export function ClientHeader({ clientName, clientLogo }: ClientHeaderProps) {
  return (
    <div className="client-header" data-testid="client-header">
      {clientLogo ? <img src={clientLogo} alt="" /> : null}
      <p>{clientName}</p>
    </div>
  );
}
