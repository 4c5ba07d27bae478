import { formatKr } from '@krone/domain';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslator } from '@/lib/content';
import { loadDepositSettings } from '@/lib/deposit';
import { pickTranslations } from '@/lib/i18n';
import { loadLimits } from '@/lib/limits';
import { bonusCodeParam, initialBonusChoice, type DepositOffer } from '@/lib/offer-rules';
import { loadDepositOffers } from '@/lib/offers';
import { loadProfile, sessionToken } from '@/lib/session';
import { FIRST_LIMIT_TEXT_KEYS } from '@/components/players/text-keys';
import { DepositFlow } from './deposit-flow';
import styles from './deposit.module.css';
import { FirstLimitStep } from './first-limit-step';
import { PaymentStatus } from './payment-status';
import { DEPOSIT_TEXT_KEYS } from './text-keys';

export type Search = Promise<Record<string, string | string[] | undefined>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const depositParam = (search: Record<string, string | string[] | undefined>) =>
  typeof search.deposit === 'string' && UUID.test(search.deposit) ? search.deposit : null;
const loginUrl = (path: string) => `/log-ind?redirect=${encodeURIComponent(path)}`;

/**
 * The deposit pages: /min-konto/overfoer (three steps) and quick deposit (/QuickDeposit,
 * /quick-deposit). Login required; /QuickDeposit tells a guest so with the way to log in, the
 * others send a guest to log in and back. With `?deposit=<id>` (back from 3-D Secure outside its
 * frame) the page shows where that payment stands. The main deposit knows the player's offers
 * (issue 27): `?bonus=CODE` (from "Hent tilbud") chooses that code, else the welcome offer is
 * chosen for a player who may still take it; the chosen offer's terms show beside the code field.
 * A player with no deposit limit (the welcome bonus taken at registration) chooses one first.
 */
export async function DepositPage({
  variant,
  path,
  searchParams,
  guestMayLand = false,
}: {
  variant: 'main' | 'quick';
  path: string;
  searchParams: Search;
  guestMayLand?: boolean;
}) {
  const [t, profile, settings, search, token] = await Promise.all([
    getTranslator(),
    loadProfile(),
    loadDepositSettings(variant),
    searchParams,
    sessionToken(),
  ]);
  const title = variant === 'main' ? t('deposit.title') : t('quick_deposit.title');
  if (!profile) {
    if (!guestMayLand) redirect(loginUrl(path));
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.intro}>{t('quick_deposit.login_required')}</p>
        <Link className={styles.primary} href={loginUrl(path)} prefetch={false}>
          {t('btn.login')}
        </Link>
      </div>
    );
  }
  const texts = {
    ...pickTranslations(t, DEPOSIT_TEXT_KEYS),
    // MobilePay's bounds (settingMobilePay) written into its words here, where they are known.
    'deposit.mobilepay_range': t('deposit.mobilepay_range', {
      min: formatKr(settings.mobilePayRange.minOre),
      max: formatKr(settings.mobilePayRange.maxOre),
    }),
  };
  const deposit = depositParam(search);
  const [offers, limits]: [DepositOffer[], Awaited<ReturnType<typeof loadLimits>>] = await Promise.all([
    variant === 'main' && !deposit && token ? loadDepositOffers(token) : [],
    deposit ? null : loadLimits(),
  ]);
  const bonus = initialBonusChoice(offers, variant === 'main' ? bonusCodeParam(search.bonus) : null);
  // Danish rule: no first deposit without a deposit limit chosen by the player (none in force nor waiting).
  const needsLimit =
    limits !== null && limits.status === 'active' && limits.limits.every((limit) => limit.amountOre === null && !limit.pending);
  const flow = (
    <DepositFlow
      // A new `?bonus=` on the same page starts the form again with that code.
      key={bonus.code}
      variant={variant}
      methods={settings.methods}
      threeDs={settings.threeDs}
      tokensUrl={settings.tokensUrl}
      texts={texts}
      offers={offers}
      initialBonus={bonus}
      mobilePayRange={settings.mobilePayRange}
    />
  );
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.intro}>{variant === 'main' ? t('deposit.intro') : t('quick_deposit.intro')}</p>
      {deposit ? (
        <PaymentStatus id={deposit} texts={texts} againHref={path} />
      ) : needsLimit ? (
        <FirstLimitStep texts={pickTranslations(t, FIRST_LIMIT_TEXT_KEYS)}>{flow}</FirstLimitStep>
      ) : (
        flow
      )}
    </div>
  );
}

/**
 * The page MobilePay (or another external payment) sends the player back to: /MobilePay and
 * /extpayment from the deposit page, /MobilePayQuick from quick deposit. One screen: where the
 * payment stands until settled, then the receipt.
 */
export async function PaymentReturnPage({ path, againHref, searchParams }: { path: string; againHref: string; searchParams: Search }) {
  const [t, profile, search] = await Promise.all([getTranslator(), loadProfile(), searchParams]);
  const query = new URLSearchParams(Object.entries(search).flatMap(([key, value]) => (typeof value === 'string' ? [[key, value]] : [])));
  if (!profile) redirect(loginUrl(`${path}${query.size > 0 ? `?${query}` : ''}`));
  const deposit = depositParam(search);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('deposit.title')}</h1>
      {deposit ? (
        <PaymentStatus id={deposit} texts={pickTranslations(t, DEPOSIT_TEXT_KEYS)} againHref={againHref} />
      ) : (
        <div className={styles.alert} role="alert">
          <p>{t('deposit.error_transfer')}</p>
          <Link href={againHref} prefetch={false}>
            {t('deposit.new_deposit')}
          </Link>
        </div>
      )}
    </div>
  );
}
