import { on, type Subscription } from '@podz/kit';
import { audioRendered } from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { adoptRendition } from '../domain/episodes/adopt-rendition';

/**
 * Moves episodes onto their audio's house-format rendition when media has made it. Matched by the
 * original's URL, so a repeat finds nothing left to move: no handled-event records needed.
 */
export function renditionSync(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'responses'>,
): Subscription[] {
  return [on(audioRendered, (event) => adoptRendition(deps, event.data).then(() => undefined))];
}
