/** A member's place in one episode, as the listening service keeps it. */
export interface StoredPlace {
  userId: string;
  episodeId: string;
  position: number;
  duration: number | null;
  played: boolean;
  /** When it was saved, in milliseconds since the epoch: the newer of two saves wins. */
  at: number;
}
