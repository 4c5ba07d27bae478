import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInteractionTracker, hasInteracted, subscribeInteraction, type InteractionTracker } from './interaction';

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
  setVisibility(state: DocumentVisibilityState) {
    this.visibilityState = state;
    this.dispatchEvent(new Event('visibilitychange'));
  }
}

describe('interaction tracker', () => {
  let events: EventTarget;
  let doc: FakeDocument;
  let tracker: InteractionTracker;

  beforeEach(() => {
    vi.useFakeTimers();
    events = new EventTarget();
    doc = new FakeDocument();
    tracker = createInteractionTracker({ events, visibility: doc });
    tracker.start();
    // Past the grace period for programmatic scrolls.
    vi.advanceTimersByTime(250);
  });
  afterEach(() => {
    tracker.stop();
    vi.useRealTimers();
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'])('turns true on %s', (type) => {
    expect(hasInteracted()).toBe(false);
    events.dispatchEvent(new Event(type));
    expect(hasInteracted()).toBe(true);
  });

  it('ignores events that are not interaction', () => {
    events.dispatchEvent(new Event('mousemove'));
    events.dispatchEvent(new Event('focus'));
    expect(hasInteracted()).toBe(false);
  });

  it('resets on route change and listens again', () => {
    events.dispatchEvent(new Event('keydown'));
    tracker.reset();
    expect(hasInteracted()).toBe(false);
    events.dispatchEvent(new Event('touchstart'));
    expect(hasInteracted()).toBe(true);
  });

  it('ignores the router scrolling to the top right after a route change', () => {
    tracker.reset();
    vi.advanceTimersByTime(100);
    events.dispatchEvent(new Event('scroll'));
    expect(hasInteracted()).toBe(false);
    vi.advanceTimersByTime(150);
    events.dispatchEvent(new Event('scroll'));
    expect(hasInteracted()).toBe(true);
  });

  it('counts a key press at once after a route change', () => {
    tracker.reset();
    events.dispatchEvent(new Event('keydown'));
    expect(hasInteracted()).toBe(true);
  });

  it('resets when the tab becomes visible, not when it is hidden', () => {
    events.dispatchEvent(new Event('pointerdown'));
    doc.setVisibility('hidden');
    expect(hasInteracted()).toBe(true);
    doc.setVisibility('visible');
    expect(hasInteracted()).toBe(false);
  });

  it('tells subscribers on each flip only', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeInteraction(listener);
    events.dispatchEvent(new Event('pointerdown'));
    events.dispatchEvent(new Event('keydown'));
    tracker.reset();
    tracker.reset();
    expect(listener.mock.calls).toEqual([[true], [false]]);
    unsubscribe();
  });

  it('stops listening after the first interaction', () => {
    const remove = vi.spyOn(events, 'removeEventListener');
    events.dispatchEvent(new Event('wheel'));
    expect(remove).toHaveBeenCalledTimes(5);
  });

  it('does nothing once stopped', () => {
    tracker.stop();
    events.dispatchEvent(new Event('keydown'));
    doc.setVisibility('visible');
    expect(hasInteracted()).toBe(false);
  });
});
