'use client';

/** Last resort when the root layout itself fails: no dictionary is reachable, so plain Danish. */
export default function GlobalError() {
  return (
    <html lang="da">
      <body
        style={{ background: '#0b1f17', color: '#f6f3e8', fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}
      >
        <h1>TEKNISK FEJL</h1>
        <p>ÆV, NU GIK DET LIGE SÅ GODT</p>
        <a href="/" style={{ color: '#e8b931' }}>
          GÅ TIL HJEMMESIDE
        </a>
      </body>
    </html>
  );
}
