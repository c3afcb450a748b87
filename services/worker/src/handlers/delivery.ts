import { busSender, createPublisher, type Publisher } from '@touchline/delivery';
import type { BusDriver } from '@touchline/drivers';

const publishers = new WeakMap<BusDriver, Publisher>();

/** The worker's publisher: one per realtime bus, sending what the handlers stored after commit. */
export function publisherFor(bus: BusDriver): Publisher {
  let publisher = publishers.get(bus);
  if (!publisher) {
    publisher = createPublisher({ send: busSender(bus) });
    publishers.set(bus, publisher);
  }
  return publisher;
}
