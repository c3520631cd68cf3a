import { forbidden, isAdmin, type AuthUser } from '@podz/kit';
import type { AudioSettings } from '@podz/proto';
import type { MediaPorts } from './media-ports';

/** The network's loudness target, for owners choosing whether their shows level to it. */
export function networkLoudness(deps: Pick<MediaPorts, 'audioSettings'>): Promise<AudioSettings> {
  return deps.audioSettings.current();
}

/** Admins set the network's target: files processed from then on are levelled to it. */
export function setNetworkLoudness(
  deps: Pick<MediaPorts, 'audioSettings' | 'logger'>,
  user: AuthUser,
  targetLufs: number,
): Promise<AudioSettings> {
  if (!isAdmin(user)) throw forbidden('Only admins set the network’s loudness');
  deps.logger.info({ targetLufs, by: user.id }, 'network loudness target set');
  return deps.audioSettings.set(targetLufs, user.id);
}
