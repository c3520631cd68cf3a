import { createHash } from 'node:crypto';
import type { DirectRequest } from '@podz/kit';
import type { ListenerIdentity } from '@podz/kit/listens';
import type { AudioAttributions } from '../domain/audio-attribution';
import type { Insertion, InsertionPlanner } from './insertion-plan';

/** What a download of a rendition carries: the insertion decided for its listener, if any. */
export interface DownloadAudio {
  /** Whether the episode's show inserts at all: its answers then differ by listener. */
  inserts: boolean;
  insertion: Insertion | null;
  /** Names the decision in the file's ETag, so each listener's bytes have their own. */
  tag: string;
}

const PLAIN: DownloadAudio = { inserts: false, insertion: null, tag: '' };

/**
 * The inserted audio of one request for a rendition: the file's episode and show (the
 * attribution, kept a second per instance), the listener as their listen record will name them,
 * and the planner's decision for them today. A premium member's file and any file no episode
 * plays are plain.
 */
export class DownloadInsertion {
  constructor(
    private readonly deps: {
      attributions: Pick<AudioAttributions, 'of'>;
      identity: Pick<ListenerIdentity, 'of'>;
      planner: Pick<InsertionPlanner, 'plan' | 'inserts'>;
    },
  ) {}

  async of(req: DirectRequest, file: string, member: boolean, at = new Date()): Promise<DownloadAudio> {
    if (member) return PLAIN;
    const attribution = await this.deps.attributions.of(file);
    if (!attribution?.processed) return PLAIN;
    const { episode, show } = attribution.copies;
    if (!(await this.deps.planner.inserts(show))) return PLAIN;
    const { listener, country } = await this.deps.identity.of(req, at);
    const insertion = await this.deps.planner.plan({
      rendition: attribution.processed,
      episode,
      show,
      listener,
      // App and platform are analytics' reading of the user agent, not made here yet: a campaign
      // that targets them matches no download.
      listening: { country, app: null, platform: null },
      at,
    });
    return {
      inserts: true,
      insertion,
      tag: insertion
        ? createHash('sha1').update(JSON.stringify(insertion.fills)).digest('base64url').slice(0, 12)
        : '',
    };
  }
}
