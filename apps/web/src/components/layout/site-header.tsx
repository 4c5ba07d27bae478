'use client';

import Image from 'next/image';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Icon } from '../icons';
import { HeaderCredit } from '../players/balance-display';
import { usePlayerProfile } from '../players/player-profile';
import { SizedPicture } from './sized-picture';
import { matchHiddenChromeRoute, showHeader } from '../../lib/chrome-rules';
import { HeaderClock } from './header-clock';
import { splitHorizontal } from '../../lib/menu-rules';
import type { HeaderProps } from '../../lib/site-chrome';
import { HorizontalMenuSide, VerticalMenu } from './site-menu';
import { useLoggedIn } from './use-logged-in';
import { usePlayerMenu } from './use-player-menu';

const FIXED_AFTER_PX = 50;

/**
 * Header of spec §2: menu button, logo to the start page, Copenhagen clock, the login and
 * register buttons for guests, and for a player the welcome, balance, deposit button and account
 * links. Which of them show at which size, and how, is the content's layout settings
 * (lib/header-layout.ts). Past 50 px of scroll it takes its fixed state.
 */
export function SiteHeader(props: HeaderProps) {
  const pathname = usePathname() ?? '/';
  const [fixed, setFixed] = useState(false);
  const loggedIn = useLoggedIn();
  const menu = usePlayerMenu(loggedIn, props.menu);

  useEffect(() => {
    const onScroll = () => setFixed(window.scrollY > FIXED_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  if (!showHeader(pathname, props.headerOnPlayGames))
    // A route without the header still shows the clock (danish-rules.md: visible on every page); a
    // game screen shows its own beside the session's result.
    return matchHiddenChromeRoute(pathname)?.gamePlay ? null : (
      <p className="chrome-clock header-clock-wrap" data-testid="chrome-clock">
        <Icon name="clock" size={16} />
        <HeaderClock label={props.texts.clock} />
      </p>
    );

  const { texts, layout } = props;
  const { hide } = layout;
  const horizontal = props.menuLayout === 'horizontal';
  const split = horizontal ? splitHorizontal(menu) : { left: [], right: [] };
  const logoHidden = loggedIn && !layout.logo.whenLoggedIn;

  const logo = logoHidden ? null : (
    <Link
      href="/"
      className={`header-logo ${hide.logo}${layout.logo.onScroll ? '' : ' hide-on-scroll'}`}
      aria-label={`${props.brand} – ${texts.home}`}
      prefetch={false}
      data-testid="header-logo"
    >
      {layout.logo.image && props.logo ? (
        <Image
          src={props.logo.url}
          alt=""
          width={props.logo.width}
          height={props.logo.height}
          priority
          className={layout.logo.onScrollImage ? 'header-logo-main' : undefined}
        />
      ) : null}
      {layout.logo.image && props.logo && layout.logo.onScrollImage ? (
        <Image
          src={layout.logo.onScrollImage.url}
          alt=""
          width={layout.logo.onScrollImage.width}
          height={layout.logo.onScrollImage.height}
          className="header-logo-scroll"
        />
      ) : null}
      {layout.logo.text !== null || !props.logo ? <span className="header-logo-text">{layout.logo.text ?? props.brand}</span> : null}
    </Link>
  );

  return (
    <>
      <div className="header-spacer" aria-hidden="true" hidden={!fixed} />
      <header className={`site-header${fixed ? ' is-fixed' : ''}`} data-testid="site-header">
        <div className="header-inner">
          <div className="header-start">
            {layout.menu.inHeader ? (
              <VerticalMenu
                items={menu}
                lockScrollOnMobile={props.lockScrollOnMobile}
                texts={{
                  open: texts.menuOpen,
                  close: texts.menuClose,
                  navigation: texts.navigation,
                  totalBalance: texts.totalBalance,
                  bonusBalance: texts.bonusBalance,
                  loading: texts.loading,
                }}
                loggedIn={loggedIn}
                icon={layout.menu.icon}
                background={layout.menu.background}
                buttonClassName={`${hide.dropdown}${horizontal ? ' hide-lg hide-xl hide-xxl' : ''}`}
              />
            ) : null}
            {horizontal && layout.menu.inHeader ? (
              <div className="hide-xs hide-sm hide-md">
                <HorizontalMenuSide items={split.left} label={texts.navigation} />
              </div>
            ) : null}
            <span className={`header-clock-wrap ${hide.clock}`}>
              <Icon name="clock" size={16} />
              <HeaderClock label={texts.clock} />
            </span>
          </div>
          <div className="header-center">{logo}</div>
          <div className={`header-end ${layout.registerFirst}`}>
            {layout.topLogos.length > 0 ? (
              <span className={`header-top-logos ${hide.top_logos}`} data-testid="header-top-logos">
                {layout.topLogos.map((image, index) => (
                  <SizedPicture key={index} image={image} />
                ))}
              </span>
            ) : null}
            {horizontal && layout.menu.inHeader ? (
              <div className="hide-xs hide-sm hide-md">
                <HorizontalMenuSide items={split.right} label={texts.navigation} />
              </div>
            ) : null}
            {loggedIn ? (
              <>
                <HeaderWelcome greeting={texts.greeting} className={hide.welcome} />
                <HeaderCredit label={texts.totalBalance} className={hide.credit} icon={layout.creditIcon} />
                <Link
                  href="/min-konto/overfoer"
                  className={`btn btn-primary header-topup ${hide.topup}`}
                  prefetch={false}
                  data-testid="header-topup"
                >
                  {texts.deposit}
                </Link>
                <Link
                  href="/min-konto/profil"
                  className="btn btn-outline header-account"
                  aria-label={texts.myAccount}
                  prefetch={false}
                  data-testid="header-account"
                >
                  <Icon name="user" size={18} className="header-account-icon" />
                  <span className="header-account-label">{texts.myAccount}</span>
                </Link>
                <a
                  href="/?logout=true"
                  className={`btn btn-outline header-logout ${hide.login}`}
                  aria-label={texts.logout}
                  data-testid="header-logout"
                >
                  <Icon name="logout" size={18} className="header-account-icon" />
                  <span className="header-account-label">{texts.logout}</span>
                </a>
              </>
            ) : (
              <>
                <Link href="/log-ind" className={`btn btn-outline header-login ${hide.login}`} prefetch={false}>
                  {texts.login}
                </Link>
                <Link href="/registrer" className={`btn btn-primary header-register ${hide.register}`} prefetch={false}>
                  {texts.register}
                </Link>
              </>
            )}
          </div>
        </div>
        {layout.menu.inBottomHeader ? (
          <div className="header-bottom" data-testid="header-bottom">
            <HorizontalMenuSide items={menu} label={texts.navigation} />
          </div>
        ) : null}
      </header>
    </>
  );
}

/** "Hej {name}" for a logged-in player where the layout shows the welcome. */
function HeaderWelcome({ greeting, className }: { greeting: string; className: string }) {
  const state = usePlayerProfile();
  if (state.status !== 'ready' || !state.profile.firstName) return null;
  return (
    <span className={`header-welcome ${className}`} data-testid="header-welcome">
      {greeting.replace('{name}', state.profile.firstName)}
    </span>
  );
}
