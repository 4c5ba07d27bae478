'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useCallback, useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { MenuBalances } from '../players/balance-display';
import { Icon } from '../icons';
import { isNewsEntry, NewsMenuChildren } from './news-menu';
import { deviceVisibilityClass, isActive, type MenuEntry } from '../../lib/menu-rules';

/** A content URL as a CSS url(): quoted, so no character of it can end the value. */
const cssUrl = (url: string) => `url(${JSON.stringify(url)})`;

interface MenuTexts {
  open: string;
  close: string;
  navigation: string;
}

function MenuLink({ item, pathname, onNavigate }: { item: MenuEntry; pathname: string; onNavigate?: () => void }) {
  const active = isActive(item.slug, pathname);
  return (
    <Link
      href={item.slug}
      target={item.target === '_blank' ? '_blank' : undefined}
      rel={item.target === '_blank' ? 'noopener noreferrer' : undefined}
      className={`menu-link${active ? ' is-active' : ''}`}
      aria-current={pathname === item.slug ? 'page' : undefined}
      onClick={onNavigate}
      prefetch={false}
    >
      {item.icon ? <Icon name={item.icon} size={18} /> : null}
      <span>{item.text}</span>
    </Link>
  );
}

function VerticalItem({ item, pathname, loadingText }: { item: MenuEntry; pathname: string; loadingText: string }) {
  const [expanded, setExpanded] = useState(() => isActive(item.slug, pathname));
  const childrenId = useId();
  // The news entry lists the newest news, fetched when opened (NewsMenuChildren), in place of children of its own.
  const news = isNewsEntry(item.slug) && item.child.length === 0;
  const expandable = news || item.child.length > 0;
  return (
    <li className={deviceVisibilityClass(item.showOnDevice)}>
      <div className="menu-row">
        <MenuLink item={item} pathname={pathname} />
        {expandable ? (
          <button
            type="button"
            className={`menu-expand${expanded ? ' is-open' : ''}`}
            aria-expanded={expanded}
            aria-controls={childrenId}
            aria-label={item.text}
            onClick={() => setExpanded((open) => !open)}
          >
            <Icon name="chevron" size={16} />
          </button>
        ) : null}
      </div>
      {news ? <NewsMenuChildren id={childrenId} open={expanded} pathname={pathname} loadingText={loadingText} /> : null}
      {item.child.length > 0 ? (
        <ul id={childrenId} className="menu-children" hidden={!expanded}>
          {item.child.map((child) => (
            <li key={child.id} className={deviceVisibilityClass(child.showOnDevice)}>
              <MenuLink item={child} pathname={pathname} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The vertical dropdown menu: a button toggles it; it closes on route change, Escape and a
 * click outside. On phones and tablets it may lock page scroll while open (menu_settings).
 */
export function VerticalMenu({
  items,
  texts,
  lockScrollOnMobile,
  buttonClassName = '',
  loggedIn = false,
  icon = null,
  background = null,
}: {
  items: MenuEntry[];
  texts: MenuTexts & { totalBalance?: string; bonusBalance?: string; loading?: string };
  lockScrollOnMobile: boolean;
  buttonClassName?: string;
  loggedIn?: boolean;
  /** The content's menu icon (images.general.icon_menu), shown while the menu is closed. */
  icon?: string | null;
  /** The content's background picture of the open menu (images.general.bg_menu_2). */
  background?: string | null;
}) {
  const pathname = usePathname() ?? '/';
  const [open, setOpen] = useState(false);
  // The list is built on first open, not in the server HTML: it keeps every page's DOM and
  // hydration small on phones; the footer carries the same links for crawlers.
  const [everOpened, setEverOpened] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // Close on every route change.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  useEffect(() => {
    const screen = document.documentElement.dataset.screen ?? 'xl';
    const desktop = screen === 'lg' || screen === 'xl' || screen === 'xxl';
    if (!open || !lockScrollOnMobile || desktop) return;
    document.documentElement.classList.add('scroll-locked');
    return () => document.documentElement.classList.remove('scroll-locked');
  }, [open, lockScrollOnMobile]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={`menu-toggle ${buttonClassName}`}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? texts.close : texts.open}
        data-testid="menu-toggle"
        onClick={() => {
          setEverOpened(true);
          setOpen((value) => !value);
        }}
      >
        {icon && !open ? (
          // Drawn as a mask in the button's colour: an icon drawn in currentColor keeps the header's colours.
          <span
            className="menu-toggle-icon"
            aria-hidden="true"
            style={{ '--menu-icon': cssUrl(icon) } as CSSProperties}
            data-testid="menu-icon"
          />
        ) : (
          <Icon name={open ? 'close' : 'menu'} size={24} />
        )}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={`menu-panel${open ? ' is-open' : ''}${background ? ' has-background' : ''}`}
        hidden={!open}
        data-testid="menu-panel"
        style={background ? ({ '--menu-bg-image': cssUrl(background) } as CSSProperties) : undefined}
      >
        {everOpened && loggedIn && texts.totalBalance && texts.bonusBalance ? (
          <MenuBalances totalLabel={texts.totalBalance} bonusLabel={texts.bonusBalance} />
        ) : null}
        {everOpened ? (
          <nav aria-label={texts.navigation}>
            <ul className="menu-list">
              {items.map((item) => (
                <VerticalItem key={item.id} item={item} pathname={pathname} loadingText={texts.loading ?? ''} />
              ))}
            </ul>
          </nav>
        ) : null}
        <button type="button" className="menu-close visually-hidden-focusable" onClick={close}>
          {texts.close}
        </button>
      </div>
    </>
  );
}

/** One side of the horizontal bar: items 1–4 left of the logo, 5–8 right of it. */
export function HorizontalMenuSide({ items, label }: { items: MenuEntry[]; label: string }) {
  const pathname = usePathname() ?? '/';
  return (
    <nav aria-label={label} className="menu-horizontal">
      <ul>
        {items.map((item) => (
          <li key={item.id} className={deviceVisibilityClass(item.showOnDevice)}>
            <MenuLink item={item} pathname={pathname} />
          </li>
        ))}
      </ul>
    </nav>
  );
}
