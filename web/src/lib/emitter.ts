/** A tiny typed event emitter: `on` returns the function that unsubscribes. */
export type Emitter<Events extends Record<string, unknown>> = {
  on<K extends keyof Events>(type: K, handler: (event: Events[K]) => void): () => void;
  emit<K extends keyof Events>(type: K, event: Events[K]): void;
};

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const handlers = new Map<keyof Events, Set<(event: never) => void>>();
  return {
    on(type, handler) {
      const set = handlers.get(type) ?? new Set();
      set.add(handler);
      handlers.set(type, set);
      return () => {
        set.delete(handler);
      };
    },
    emit(type, event) {
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as (event: Events[typeof type]) => void)(event);
        } catch (error) {
          // One failing subscriber must not stop the others.
          console.error(error);
        }
      }
    },
  };
}
