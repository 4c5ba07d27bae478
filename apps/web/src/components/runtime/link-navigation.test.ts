import { describe, expect, it, vi } from 'vitest';
import { decideLinkAction, installLinkNavigation, linkClickTarget, type LinkClickEvent } from './link-navigation';

const location = {
  href: 'https://krone.test/nyheder?page=2',
  origin: 'https://krone.test',
  pathname: '/nyheder',
  search: '?page=2',
  assign: vi.fn(),
};

function anchor(attributes: Record<string, string>) {
  return {
    getAttribute: (name: string) => attributes[name] ?? null,
    hasAttribute: (name: string) => name in attributes,
  };
}

function click(attributes: Record<string, string> | null, overrides: Partial<LinkClickEvent> = {}): LinkClickEvent {
  const link = attributes ? anchor(attributes) : null;
  return {
    defaultPrevented: false,
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    target: { closest: () => link } as unknown as EventTarget,
    preventDefault: vi.fn(),
    ...overrides,
  };
}

describe('linkClickTarget', () => {
  it('resolves a plain same-origin link', () => {
    expect(linkClickTarget(click({ href: '/kampagner' }), location)?.href).toBe('https://krone.test/kampagner');
    expect(linkClickTarget(click({ href: 'spilleautomater', target: '_self' }), location)?.pathname).toBe('/spilleautomater');
  });

  it('leaves other clicks to the browser', () => {
    expect(linkClickTarget(click(null), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a', target: '_blank' }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a', download: '' }), location)).toBeNull();
    expect(linkClickTarget(click({ href: 'https://elsewhere.test/' }), location)).toBeNull();
    expect(linkClickTarget(click({ href: 'mailto:support@krone.test' }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { metaKey: true }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { ctrlKey: true }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { shiftKey: true }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { altKey: true }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { button: 1 }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { defaultPrevented: true }), location)).toBeNull();
    expect(linkClickTarget(click({ href: '/a' }, { target: null }), location)).toBeNull();
  });
});

describe('decideLinkAction', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });
  const url = (path: string) => new URL(path, 'https://krone.test');

  it('reloads the whole page when going home from another route', () => {
    expect(decideLinkAction(url('/'), at('/nyheder'), false)).toBe('full-load');
    expect(decideLinkAction(url('/?logout=true'), at('/min-konto/profil'), false)).toBe('full-load');
  });

  it('navigates on the client when already home', () => {
    expect(decideLinkAction(url('/?tab=2'), at('/'), false)).toBe('client');
    expect(decideLinkAction(url('/'), at('/'), false)).toBe('none');
  });

  it('starts a client transition for other routes', () => {
    expect(decideLinkAction(url('/kampagner'), at('/nyheder'), false)).toBe('client');
    expect(decideLinkAction(url('/nyheder?page=3'), at('/nyheder', '?page=2'), false)).toBe('client');
  });

  it('ignores links to the current page and hash-only links', () => {
    expect(decideLinkAction(url('/nyheder?page=2'), at('/nyheder', '?page=2'), false)).toBe('none');
    expect(decideLinkAction(url('/nyheder?page=2#top'), at('/nyheder', '?page=2'), false)).toBe('none');
    expect(decideLinkAction(url('/#top'), at('/'), true)).toBe('none');
  });

  it('makes every navigation a full load after a new deployment', () => {
    expect(decideLinkAction(url('/kampagner'), at('/nyheder'), true)).toBe('full-load');
  });
});

class FakeClick extends Event {
  readonly button = 0;
  readonly metaKey = false;
  readonly ctrlKey = false;
  readonly shiftKey = false;
  readonly altKey = false;
  constructor(private readonly link: ReturnType<typeof anchor>) {
    super('click', { cancelable: true });
  }
  override get target() {
    return { closest: () => this.link } as unknown as EventTarget;
  }
}

describe('installLinkNavigation', () => {
  function setup(fullLoadRequired = false) {
    const events = new EventTarget();
    const assign = vi.fn();
    const onClientNavigation = vi.fn();
    const uninstall = installLinkNavigation({
      events,
      location: { ...location, assign },
      isFullLoadRequired: () => fullLoadRequired,
      onClientNavigation,
    });
    const fire = (attributes: Record<string, string>) => {
      const event = new FakeClick(anchor(attributes));
      events.dispatchEvent(event);
      return () => event.defaultPrevented;
    };
    return { assign, onClientNavigation, uninstall, fire };
  }

  it('does a full load home and keeps Next from navigating', () => {
    const { assign, onClientNavigation, fire } = setup();
    const prevented = fire({ href: '/' });
    expect(prevented()).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://krone.test/');
    expect(onClientNavigation).not.toHaveBeenCalled();
  });

  it('starts the loading bar for a client transition and leaves the click alone', () => {
    const { assign, onClientNavigation, fire } = setup();
    const prevented = fire({ href: '/kampagner' });
    expect(prevented()).toBe(false);
    expect(onClientNavigation).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('turns client transitions into full loads after a new deployment', () => {
    const { assign, fire } = setup(true);
    expect(fire({ href: '/kampagner' })()).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://krone.test/kampagner');
  });

  it('stops listening when uninstalled', () => {
    const { onClientNavigation, uninstall, fire } = setup();
    uninstall();
    fire({ href: '/kampagner' });
    expect(onClientNavigation).not.toHaveBeenCalled();
  });
});
