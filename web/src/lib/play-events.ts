import type { PlayEvent } from '@podz/proto';

/** The events of a confirmed play as the screens name them, in order. */
export const PLAY_EVENT_LABELS: [PlayEvent, string][] = [
  ['start', 'Started'],
  ['q1', 'A quarter in'],
  ['q2', 'Half way'],
  ['q3', 'Three quarters'],
  ['complete', 'To the end'],
];
