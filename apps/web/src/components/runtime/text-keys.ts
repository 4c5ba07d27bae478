import { textsTranslator } from '../../lib/i18n';
import { PLAYER_POPUP_TEXT_KEYS } from '../players/text-keys';
import { CONSENT_TEXT_KEYS } from './consent';

/**
 * Every dictionary key the runtime's client components read from their `texts` prop. The root
 * layout passes `pickTranslations(t, RUNTIME_TEXT_KEYS)`, so no other text ships to the browser.
 */
export const RUNTIME_TEXT_KEYS: readonly string[] = Object.freeze([
  ...new Set([
    'modal.network_lost_title',
    'modal.network_lost_message',
    'modal.network_retry',
    'modal.close',
    'modal.new_version_title',
    'modal.new_version_message',
    'modal.new_version_reload',
    'btn.loading',
    'modal.session_expired_title',
    'modal.session_expired_subtitle',
    'modal.session_expired_login',
    ...CONSENT_TEXT_KEYS,
    ...PLAYER_POPUP_TEXT_KEYS,
  ]),
]);

/** A text by key, or the key itself when the dictionary lacks it (as the server translator does). */
export function text(texts: Record<string, string>, key: string): string {
  return textsTranslator(texts)(key);
}
