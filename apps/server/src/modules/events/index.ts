/**
 * Public entry of the live-events area (ADR 007). Other areas publish with
 * `publishEvent(tx, userIds, event)` inside their transaction.
 */
export { LIVE_FLUSH_SQL, LIVE_VACUUM_SQL, LiveEventsFlusher } from "./events.flush.ts";
export { EVENTS_CHANNEL, EventHub } from "./events.hub.ts";
export { publishEvent, publishEventPart } from "./events.publish.ts";
export { eventsRoutes, MAX_STREAMS_PER_USER } from "./events.routes.ts";
export { EventTickets } from "./events.tickets.ts";
