import type { ReactNode } from 'react';

export type AlertVariant = 'danger' | 'success' | 'warning' | 'info';

/**
 * Bootstrap's alert box as plain markup (read out when it appears: role alert, unless told
 * otherwise). Rather than react-bootstrap's Alert, whose fade transition (never played by a
 * box that is shown at once and not dismissed) brings react-transition-group into the first
 * download of the screens that show one.
 */
export function Alert({
  variant,
  role = 'alert',
  className,
  children,
}: {
  variant: AlertVariant;
  role?: 'alert' | 'status';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role={role} className={`alert alert-${variant}${className ? ` ${className}` : ''}`}>
      {children}
    </div>
  );
}
