/**
 * An event as a notice is built from it. The event's id is the notice's, so an event heard twice
 * tells once.
 */
export type Heard<D> = { id: string; data: D };
