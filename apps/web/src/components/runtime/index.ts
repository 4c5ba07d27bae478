// Safe to import from server components: the client parts live in 'use client' modules, and the
// rest touches the browser only when called.
export { ClientRuntime, type ClientRuntimeProps } from './client-runtime';
export { RUNTIME_TEXT_KEYS } from './text-keys';
export { SCREEN_SIZE_BOOT_SCRIPT } from '../../lib/screen-size-boot';

export { useScreenSize, ScreenSizeContext, ScreenSizeProvider } from './use-screen-size';
export { DEFAULT_SCREEN, screenStore, type ScreenInfo } from './screen-size';
export { useInteracted } from './use-interacted';
export { hasInteracted, subscribeInteraction } from './interaction';
export { CLOSE_SESSION_MODAL_EVENT, connectivityStore, getLastReconnectAt, onReconnect, type ConnectivityState } from './connectivity';
export { isFullPageLoadRequired } from './deployment';
export { startLoadingBar } from './loading-bar';
export { openCookiePreferences } from './consent-banner';
export { CONSENT_COOKIE_NAME } from './consent';
