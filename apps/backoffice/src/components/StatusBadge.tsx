/** A short status in a coloured pill; `tone` picks the colour (the text always says the status). */
export function StatusBadge({ text, tone, testId }: { text: string; tone: 'ok' | 'warn' | 'bad' | 'neutral'; testId?: string }) {
  return (
    <span className={`badge badge-${tone}`} data-testid={testId}>
      {text}
    </span>
  );
}

export const playerStatusTone = (status: string) => (status === 'active' ? 'ok' : status === 'locked' ? 'bad' : 'warn');
