import { createStore, type ListenerTarget, type VisibilitySource } from './store';

/** Spec §4: the first pointer, touch, key, wheel or scroll event counts as interaction. */
export const INTERACTION_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'] as const;

// Capture catches scrolls of inner elements too (scroll does not bubble); passive keeps
// scrolling smooth.
const LISTEN_OPTIONS: AddEventListenerOptions = { capture: true, passive: true };

/**
 * Scrolls this soon after a start or reset are the browser's or the router's own (scroll
 * restoration, scroll-to-top on a new route), not the player's.
 */
export const PROGRAMMATIC_SCROLL_GRACE_MS = 250;

export const interactionStore = createStore(false);

/** Whether the player has interacted since the last route change or return to the tab. */
export function hasInteracted(): boolean {
  return interactionStore.get();
}

/**
 * Calls `listener` with the new flag each time it flips: true on first interaction, false on a
 * reset. Returns the unsubscribe function.
 */
export function subscribeInteraction(listener: (interacted: boolean) => void): () => void {
  return interactionStore.subscribe(listener);
}

export interface InteractionTrackerDeps {
  /** The window: input events. */
  events: ListenerTarget;
  /** The document: visibilitychange. */
  visibility: VisibilitySource;
  now?: () => number;
}

export interface InteractionTracker {
  start(): void;
  stop(): void;
  /** Called on each route change. */
  reset(): void;
}

export function createInteractionTracker(deps: InteractionTrackerDeps): InteractionTracker {
  const now = deps.now ?? Date.now;
  let listening = false;
  let running = false;
  let resetAt = 0;

  const handleInteraction = (event: Event) => {
    if (event.type === 'scroll' && now() - resetAt < PROGRAMMATIC_SCROLL_GRACE_MS) return;
    interactionStore.set(true);
    // Nothing more to learn until the next reset; stop paying for scroll and pointer events.
    unlisten();
  };
  const listen = () => {
    if (listening) return;
    listening = true;
    for (const type of INTERACTION_EVENTS) deps.events.addEventListener(type, handleInteraction, LISTEN_OPTIONS);
  };
  const unlisten = () => {
    if (!listening) return;
    listening = false;
    for (const type of INTERACTION_EVENTS) deps.events.removeEventListener(type, handleInteraction, LISTEN_OPTIONS);
  };
  const reset = () => {
    if (!running) return;
    resetAt = now();
    interactionStore.set(false);
    listen();
  };
  const handleVisibility = () => {
    if (deps.visibility.visibilityState === 'visible') reset();
  };

  return {
    start() {
      if (running) return;
      running = true;
      resetAt = now();
      interactionStore.set(false);
      listen();
      deps.visibility.addEventListener('visibilitychange', handleVisibility);
    },
    stop() {
      running = false;
      unlisten();
      deps.visibility.removeEventListener('visibilitychange', handleVisibility);
    },
    reset,
  };
}
