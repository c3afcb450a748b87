import {
  busSender,
  busUnreadForgetter,
  createPublisher,
  type Publisher,
} from '@touchline/delivery';
import type { BusDriver } from '@touchline/drivers';

const publishers = new WeakMap<BusDriver, Publisher>();

/** The worker's publisher: one per realtime bus, sending what the handlers stored after commit. */
export function publisherFor(bus: BusDriver): Publisher {
  let publisher = publishers.get(bus);
  if (!publisher) {
    publisher = createPublisher({
      send: busSender(bus),
      // The API instances forget the recipients' remembered `GET /api/me` (decision 63).
      unreadChanged: busUnreadForgetter(bus),
    });
    publishers.set(bus, publisher);
  }
  return publisher;
}
