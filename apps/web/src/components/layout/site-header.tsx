'use client';

import Image from 'next/image';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Icon } from '../icons';
import { HeaderCredit } from '../players/balance-display';
import { showHeader } from '../../lib/chrome-rules';
import { HeaderClock } from './header-clock';
import { splitHorizontal } from '../../lib/menu-rules';
import type { HeaderProps } from '../../lib/site-chrome';
import { HorizontalMenuSide, VerticalMenu } from './site-menu';
import { useLoggedIn } from './use-logged-in';
import { usePlayerMenu } from './use-player-menu';

const FIXED_AFTER_PX = 50;

/**
 * Header of spec §2: menu button, logo to the start page, Copenhagen clock, and the login and
 * register buttons for guests. Past 50 px of scroll it takes its fixed state.
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

  if (!showHeader(pathname, props.headerOnPlayGames)) return null;

  const { texts, visibility } = props;
  const horizontal = props.menuLayout === 'horizontal';
  const split = horizontal ? splitHorizontal(menu) : { left: [], right: [] };

  const logo = (
    <Link href="/" className={`header-logo ${visibility.logo}`} aria-label={`${props.brand} – ${texts.home}`} prefetch={false}>
      {props.useImage && props.logo ? (
        <Image src={props.logo.url} alt="" width={props.logo.width} height={props.logo.height} priority />
      ) : (
        <span className="header-logo-text">{props.logoText}</span>
      )}
    </Link>
  );

  return (
    <>
      <div className="header-spacer" aria-hidden="true" hidden={!fixed} />
      <header className={`site-header${fixed ? ' is-fixed' : ''}`} data-testid="site-header">
        <div className="header-inner">
          <div className="header-start">
            <VerticalMenu
              items={menu}
              lockScrollOnMobile={props.lockScrollOnMobile}
              texts={{
                open: texts.menuOpen,
                close: texts.menuClose,
                navigation: texts.navigation,
                totalBalance: texts.totalBalance,
                bonusBalance: texts.bonusBalance,
              }}
              loggedIn={loggedIn}
              buttonClassName={`${visibility.dropdown}${horizontal ? ' hide-lg hide-xl hide-xxl' : ''}`}
            />
            {horizontal ? (
              <div className="hide-xs hide-sm hide-md">
                <HorizontalMenuSide items={split.left} label={texts.navigation} />
              </div>
            ) : null}
            <span className={`header-clock-wrap ${visibility.clock}`}>
              <Icon name="clock" size={16} />
              <HeaderClock label={texts.clock} />
            </span>
          </div>
          <div className="header-center">{logo}</div>
          <div className="header-end">
            {horizontal ? (
              <div className="hide-xs hide-sm hide-md">
                <HorizontalMenuSide items={split.right} label={texts.navigation} />
              </div>
            ) : null}
            {loggedIn ? (
              <>
                <HeaderCredit label={texts.totalBalance} className={visibility.credit} />
                <Link href="/min-konto/profil" className="btn btn-primary" prefetch={false} data-testid="header-account">
                  {texts.myAccount}
                </Link>
                <a href="/?logout=true" className={`btn btn-outline ${visibility.login}`} data-testid="header-logout">
                  {texts.logout}
                </a>
              </>
            ) : (
              <>
                <Link href="/log-ind" className={`btn btn-outline ${visibility.login}`} prefetch={false}>
                  {texts.login}
                </Link>
                <Link href="/registrer" className={`btn btn-primary ${visibility.register}`} prefetch={false}>
                  {texts.register}
                </Link>
              </>
            )}
          </div>
        </div>
      </header>
    </>
  );
}
