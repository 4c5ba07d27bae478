import styles from './players.module.css';
import { Unsubscribe } from './unsubscribe';
import { getTranslator } from '@/lib/content';
import { pickTranslations } from '@/lib/i18n';

const TEXT_KEYS = [
  'unsubscribe.processing',
  'unsubscribe.email_success',
  'unsubscribe.sms_success',
  'unsubscribe.brand_success',
  'unsubscribe.error',
  'unsubscribe.invalid_link',
  'unsubscribe.delay_note',
  'unsubscribe.service_messages_note',
  'unsubscribe.login_button',
  'unsubscribe.back_home',
];
const TITLE = { email: 'unsubscribe.title', sms: 'unsubscribe.title_sms', brand: 'unsubscribe.title_brand' } as const;
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Search = Promise<Record<string, string | string[] | undefined>>;

/** The unsubscribe pages: the link's guid is read from `id` (or the spec's `UserGuid`/`PlayerId`). */
export async function UnsubscribePage({ channel, searchParams }: { channel: 'email' | 'sms' | 'brand'; searchParams: Search }) {
  const search = await searchParams;
  const raw =
    [search.id, search.UserGuid, search.PlayerId, search.playerID].map((v) => (Array.isArray(v) ? v[0] : v)).find(Boolean) ?? null;
  const t = await getTranslator();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t(TITLE[channel])}</h1>
      <p className={styles.intro}>{t('unsubscribe.intro')}</p>
      <Unsubscribe channel={channel} guid={raw && GUID.test(raw) ? raw : null} texts={pickTranslations(t, TEXT_KEYS)} />
    </div>
  );
}
