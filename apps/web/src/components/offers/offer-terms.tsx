// Relative imports: the unit test (offers.test.tsx) runs under vitest, which has no '@/' alias.
import type { Translate } from '../../lib/i18n';
import { offerConditions, offerTermLine } from '../../lib/offer-rules';
import type { OfferTerms as Terms } from '../../lib/platform-types';
import styles from './offers.module.css';

/**
 * An offer's key terms in one line, and what limits it (the first deposit only, a payment method,
 * a weekly window) under it: shown beside "Hent tilbud" and beside the deposit's bonus code. The
 * campaign page holds the whole text.
 */
export function OfferTerms({ offer, t, id }: { offer: Terms; t: Translate; id?: string }) {
  const conditions = offerConditions(offer, t);
  return (
    <div className={styles.terms} id={id} data-testid="offer-terms">
      <p className={styles.termLine} data-testid="offer-term-line">
        {offerTermLine(offer, t)}
      </p>
      {conditions.length > 0 ? (
        <p className={styles.conditions} data-testid="offer-conditions">
          {conditions.join(' · ')}
        </p>
      ) : null}
    </div>
  );
}
