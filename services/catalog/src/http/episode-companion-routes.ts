import express from 'express';
import { AppError, handleSignedIn } from '@podz/kit';
import {
  adBreaksBodySchema,
  chaptersBodySchema,
  idParamsSchema,
  TRANSCRIPT_LIMITS,
  transcriptQuerySchema,
} from '@podz/proto';
import type { CatalogDeps } from '../domain/catalog-deps';
import { setAdBreaks } from '../domain/episodes/episode-ad-breaks';
import { setChapters } from '../domain/episodes/episode-chapters';
import { removeTranscript, saveTranscript } from '../domain/episodes/episode-transcript';
import { decodeText, receiveTranscript } from '../transcripts/receive-transcript';

const TEXT_TYPES = ['text/vtt', 'text/plain', 'application/x-subrip', 'text/srt'];

/**
 * What travels with an episode's audio: its transcript (a file, or the editor's text, whose files
 * media keeps and serves) and its chapters (media renders the chapters
 * file apps read from the episode's events: docs/feeds.md).
 */
export function episodeCompanionRoutes(
  deps: Pick<CatalogDeps, 'episodes' | 'lists' | 'logger' | 'podcasts' | 'responses' | 'transcriptFiles'>,
): express.Router {
  const router = express.Router();
  const base = '/api/episodes/:id';

  router.post(
    `${base}/transcript`,
    handleSignedIn(
      { params: idParamsSchema, query: transcriptQuerySchema, body: 'own' },
      async ({ params, query, user }, req) => {
        const text = await receiveTranscript(req);
        return saveTranscript(deps, user, params.id, { text, source: 'upload', ...query });
      },
    ),
  );
  router.put(
    `${base}/transcript`,
    rawText,
    handleSignedIn(
      { params: idParamsSchema, query: transcriptQuerySchema, body: 'own' },
      ({ params, query, user }, req) =>
        saveTranscript(deps, user, params.id, {
          text: decodeText(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
          source: 'editor',
          ...query,
        }),
    ),
  );
  router.delete(
    `${base}/transcript`,
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => removeTranscript(deps, user, params.id)),
  );
  router.put(
    `${base}/chapters`,
    handleSignedIn({ params: idParamsSchema, body: chaptersBodySchema }, ({ params, body, user }) =>
      setChapters(deps, user, params.id, body),
    ),
  );
  router.put(
    `${base}/ad-breaks`,
    handleSignedIn({ params: idParamsSchema, body: adBreaksBodySchema }, ({ params, body, user }) =>
      setAdBreaks(deps, user, params.id, body),
    ),
  );
  return router;
}

/** The editor's text as bytes (decoded like a file), of a text type and at most 1 MB. */
const rawText: express.RequestHandler = (req, res, next) => {
  if (!req.is(TEXT_TYPES)) {
    next(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the transcript as text/vtt or text/plain'));
    return;
  }
  express.raw({ type: () => true, limit: TRANSCRIPT_LIMITS.bytes })(req, res, next);
};
