import type { Translate } from '../../lib/i18n';
import { capitalise, cardIndex, cardName, isRedCard, suitSymbol } from './cards';
import styles from './table-games.module.css';

/**
 * One playing card drawn in CSS: its index and suit in two corners and the suit large in the
 * middle, named for screen readers in Danish ("Hjerter dame"). A card face down (the dealer's
 * hole card, not sent by the studio) is its back, named as hidden.
 */
export function PlayingCard({
  card,
  t,
  held,
  size = 'normal',
}: {
  /** The card, or null for one face down. */
  card: number | null;
  t: Translate;
  held?: boolean;
  size?: 'normal' | 'large';
}) {
  const className = `${styles.card} ${size === 'large' ? styles.cardLarge : ''}`;
  if (card === null)
    return <span className={`${className} ${styles.cardBack}`} role="img" aria-label={capitalise(t('games.table_card_hidden'))} />;
  const colour = isRedCard(card) ? styles.cardRed : styles.cardBlack;
  return (
    <span
      className={`${className} ${colour}${held ? ` ${styles.cardHeld}` : ''}`}
      role="img"
      aria-label={capitalise(cardName(card, t))}
      data-card={card}
    >
      <span className={styles.cardCorner} aria-hidden="true">
        <span>{cardIndex(card)}</span>
        <span>{suitSymbol(card)}</span>
      </span>
      <span className={styles.cardPip} aria-hidden="true">
        {suitSymbol(card)}
      </span>
      <span className={`${styles.cardCorner} ${styles.cardCornerEnd}`} aria-hidden="true">
        <span>{cardIndex(card)}</span>
        <span>{suitSymbol(card)}</span>
      </span>
    </span>
  );
}
