import type { ReactNode } from 'react';

/** A titled card of a page (the player's page's sections), its heading naming it for screen readers. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={`section-${id}`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}
