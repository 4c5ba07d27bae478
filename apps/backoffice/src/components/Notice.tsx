import type { ReactNode } from 'react';

/** A confirmation after an action, announced to screen readers. */
export function Notice({ title, children, testId = 'action-success' }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <div className="notice success" role="status" data-testid={testId}>
      <strong>{title}</strong>
      {children ? <span> {children}</span> : null}
    </div>
  );
}
