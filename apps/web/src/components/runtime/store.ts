/**
 * A tiny observable value, shaped for React's useSyncExternalStore: the runtime's trackers write
 * to module-level stores so any client component (or plain module) can read them without a
 * provider.
 */
export interface Store<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
}

export function createStore<T>(initial: T, equals: (a: T, b: T) => boolean = Object.is): Store<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (equals(value, next)) return;
      value = next;
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A fire-and-forget event channel. */
export interface Emitter<T> {
  emit(value: T): void;
  on(listener: (value: T) => void): () => void;
}

export function createEmitter<T>(): Emitter<T> {
  const listeners = new Set<(value: T) => void>();
  return {
    emit(value) {
      for (const listener of [...listeners]) {
        try {
          listener(value);
        } catch (error) {
          // One broken subscriber must not stop the others.
          console.error(error);
        }
      }
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The slice of window/document the runtime listens on, so tests can pass a plain EventTarget. */
export interface ListenerTarget {
  addEventListener(type: string, listener: (event: Event) => void, options?: AddEventListenerOptions | boolean): void;
  removeEventListener(type: string, listener: (event: Event) => void, options?: EventListenerOptions | boolean): void;
}

export interface VisibilitySource extends ListenerTarget {
  readonly visibilityState: DocumentVisibilityState;
}
