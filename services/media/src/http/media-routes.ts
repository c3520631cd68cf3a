import express from 'express';
import {
  handle,
  handleSignedIn,
  newId,
  requireAuth,
  signedInUser,
  notFound,
  type DirectHandler,
  type DirectResponse,
  type DirectRoutes,
  type Idempotent,
  type JobWorker,
} from '@podz/kit';
import { IMMUTABLE, serveBlob, serveComposed } from '@podz/kit/blobs';
import type { ListenRecorder } from '@podz/kit/listens';
import {
  audioSettingsBodySchema,
  chaptersFileParamsSchema,
  idParamsSchema,
  insertedParamsSchema,
  uploadFactsQuerySchema,
  MEDIA_LIMITS,
  mediaListQuerySchema,
  mediaStorageQuerySchema,
  transcriptFileParamsSchema,
} from '@podz/proto';
import type { AudioAttributions } from '../domain/audio-attribution';
import { renditionOf } from '../domain/derived-keys';
import type { DownloadInsertion } from '../insertion/download-insertion';
import { insertedAds } from '../insertion/inserted-ads';
import { adsInFile } from '../insertion/insertion-plan';
import { shiftedTranscript } from '../insertion/shifted-transcript';
import { readAll } from '../uploads/inspect-media';
import type { RenditionHeads } from '../tags/rendition-head';
import { chaptersFile } from '../domain/chapters-file';
import { deleteMedia } from '../domain/delete-media';
import { getMedia, listMedia } from '../domain/list-media';
import type { MediaPorts } from '../domain/media-ports';
import { mediaStorage } from '../domain/media-storage';
import { networkLoudness, setNetworkLoudness } from '../domain/network-loudness';
import { audioAudience } from '../domain/premium-audio';
import { recordUpload } from '../domain/record-upload';
import { removeTranscriptFile, storeTranscriptFile } from '../domain/transcript-files';
import { uploadFacts } from '../domain/upload-facts';
import { receiveUpload } from '../uploads/receive-upload';

/** Premium audio is its listener's alone: no shared cache keeps it, and it is asked for again daily. */
const MEMBERS_ONLY = 'private, max-age=86400';
/** A rendition's tag follows its episode's edits: caches check back within the hour. */
const RETAGGED = 'public, max-age=3600';
/** A file with audio inserted for its listener: theirs alone. */
const PER_LISTENER = 'private, max-age=3600';

/**
 * Uploads (multipart, one `file` field, streamed to the blob store, typed from the bytes) and the
 * public media they become: audio with range requests so players can seek, images cached for long.
 */
export function mediaRoutes(
  deps: MediaPorts & { idempotency: Idempotent; audioJobs: Pick<JobWorker, 'kick'> },
  listens: ListenRecorder,
  attributions: AudioAttributions,
  renditions: RenditionHeads,
  insertion: DownloadInsertion,
  direct: DirectRoutes,
): express.Router {
  const router = express.Router();

  router.post('/api/media/audio', requireAuth, deps.idempotency, async (req, res, next) => {
    try {
      // Podcasters (episodes), editors (campaigns' creatives) and admins: the route table says so.
      const user = signedInUser(req);
      const id = newId();
      const blob = await receiveUpload(req, deps.blobs, {
        kind: 'audio',
        maxBytes: MEDIA_LIMITS.audioBytes,
        keyFor: (ext) => `audio/${id}.${ext}`,
      });
      res.status(201).json(await recordUpload(deps, user, id, 'audio', blob));
      // Its processing job is queued: this instance's worker looks at once, others at their poll.
      deps.audioJobs.kick();
    } catch (err) {
      next(err);
    }
  });

  router.post('/api/media/images', requireAuth, deps.idempotency, async (req, res, next) => {
    try {
      const id = newId();
      const blob = await receiveUpload(req, deps.blobs, {
        kind: 'image',
        maxBytes: MEDIA_LIMITS.imageBytes,
        keyFor: (ext) => `images/${id}.${ext}`,
      });
      res.status(201).json(await recordUpload(deps, signedInUser(req), id, 'image', blob));
    } catch (err) {
      next(err);
    }
  });
  router.get(
    '/api/media',
    handleSignedIn({ query: mediaListQuerySchema }, ({ query, user }) => listMedia(deps, user, query)),
  );
  router.get(
    '/api/media/storage',
    handleSignedIn({ query: mediaStorageQuerySchema }, ({ query, user }) =>
      mediaStorage(deps, user, query.userId),
    ),
  );
  router.get(
    '/api/media/audio-settings',
    handleSignedIn({}, () => networkLoudness(deps)),
  );
  router.put(
    '/api/media/audio-settings',
    handleSignedIn({ body: audioSettingsBodySchema }, ({ body, user }) =>
      setNetworkLoudness(deps, user, body.targetLufs),
    ),
  );
  router.get(
    '/api/media/:id',
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => getMedia(deps, user, params.id)),
  );
  router.delete(
    '/api/media/:id',
    handleSignedIn({ params: idParamsSchema }, ({ params, user }) => deleteMedia(deps, user, params.id)),
  );

  // Names are ids the service chose, so a file's content never changes under its URL. Every audio
  // request is recorded once it ends, for the download figures (docs/analytics.md); a premium
  // episode's file is served only to whom `audioAudience` admits.
  direct.get(
    router,
    '/media/audio/:file',
    listens.audio,
    (req, res, next) => {
      attributions
        .forGate(String(req.params.file))
        .then((attribution) => audioAudience(deps, attribution, { key: req.query.k, user: req.user }))
        .then((audience) => {
          res.locals.audience = audience;
          next();
        }, next);
    },
    servedAudio(deps, renditions, insertion),
  );
  // Service to service (catalog, when a show or episode names an upload): not in the gateway's table.
  router.get(
    '/uploads/:id',
    handle({ params: idParamsSchema, query: uploadFactsQuerySchema }, ({ params, query }) =>
      uploadFacts(deps, params.id, query.claim),
    ),
  );
  direct.get(
    router,
    '/media/images/:file',
    serveBlob(deps.blobs, {
      keyOf: (req) => `images/${String(req.params.file)}`,
      cacheControl: IMMUTABLE,
    }),
  );
  // An upload's waveform never changes: it is measured once from the original.
  direct.get(
    router,
    '/media/waveforms/:file',
    serveBlob(deps.blobs, {
      keyOf: (req) => `waveforms/${String(req.params.file)}`,
      cacheControl: IMMUTABLE,
    }),
  );
  // Service to service (catalog, once it has read a transcript's captions): not in the gateway's table.
  router.put(
    '/transcripts/:file',
    handle({ params: transcriptFileParamsSchema, body: 'own' }, async ({ params }, req) => {
      const length = req.headers['content-length'];
      await storeTranscriptFile(deps, params.file, req, length === undefined ? undefined : Number(length));
    }),
  );
  router.delete(
    '/transcripts/:file',
    handle({ params: transcriptFileParamsSchema }, ({ params }) => removeTranscriptFile(deps, params.file)),
  );
  // Each revision under names of its own (immutable).
  direct.get(router, '/media/transcripts/:file', transcriptFiles(deps, insertion));
  router.get(
    '/media/chapters/:file',
    handle({ params: chaptersFileParamsSchema }, async ({ params }, req, res) => {
      const episodeId = params.file.slice(0, 24);
      const download = await insertion.ofEpisode(req, episodeId);
      const file = await chaptersFile(deps, episodeId, download.insertion?.stitched.placed);
      // Edits keep the URL, so apps check back after a short while; a show that inserts answers
      // each listener on their own file's timeline, which no shared cache may keep.
      res.setHeader(
        'cache-control',
        download.inserts ? 'private, max-age=300' : 'public, max-age=300, s-maxage=60',
      );
      res.type('application/json+chapters').send(JSON.stringify(file));
    }),
  );
  // What the asker's own file carries, for PODZ's players to confirm plays of: theirs alone.
  router.get(
    '/media/inserted/:file',
    handle({ params: insertedParamsSchema }, async ({ params }, req, res) => {
      res.setHeader('cache-control', 'private, no-store');
      return insertedAds({ attributions, insertion }, req, params.file);
    }),
  );
  return router;
}

/**
 * A transcript revision's file. Of a show that inserts, each listener's is on their own file's
 * timeline (whichever of audio, chapters and transcript an app asks for first makes the decision),
 * which no shared cache may keep; any other is the stored file, kept by anyone for good.
 */
function transcriptFiles(deps: Pick<MediaPorts, 'blobs'>, insertion: DownloadInsertion): DirectHandler {
  const stored = serveBlob(deps.blobs, {
    keyOf: (req) => `transcripts/${String(req.params.file)}`,
    // Shared caches may keep them as long (the gateway's edge holds them its few seconds).
    cacheControl: `${IMMUTABLE}, s-maxage=${365 * 24 * 3600}`,
  });
  return (req, res, next) => {
    const parsed = transcriptFileParamsSchema.safeParse(req.params);
    if (!parsed.success) return stored(req, res, next);
    const { file } = parsed.data;
    insertion
      .ofEpisode(req, file.slice(0, 24))
      .then(async (download) => {
        if (!download.inserts) return stored(req, res, next);
        const text = await readText(deps.blobs, `transcripts/${file}`);
        if (text === null) throw notFound('Transcript');
        const kind = file.endsWith('.vtt') ? 'vtt' : 'json';
        res.setHeader('cache-control', 'private, max-age=300');
        res.setHeader('content-type', kind === 'vtt' ? 'text/vtt; charset=utf-8' : 'application/json');
        res.end(shiftedTranscript(text, kind, download.insertion?.stitched.placed ?? []));
      })
      .catch(next);
  };
}

/** A small stored file as text (a transcript: at most `TRANSCRIPT_LIMITS.storedBytes`); null when absent. */
async function readText(blobs: MediaPorts['blobs'], key: string): Promise<string | null> {
  if (!(await blobs.stat(key))) return null;
  return (await readAll(await blobs.read(key))).toString('utf8');
}

/**
 * An audio file as uploaded (its bytes as they came), or a rendition: the ID3 tag written for its
 * episode now, then its stored frames, one file with ranges across both.
 */
function servedAudio(
  deps: Pick<MediaPorts, 'blobs'>,
  renditions: RenditionHeads,
  insertion: DownloadInsertion,
): DirectHandler {
  const audience = (res: DirectResponse, otherwise: string) =>
    res.locals.audience === 'member' ? MEMBERS_ONLY : otherwise;
  const uploaded = serveBlob(deps.blobs, {
    keyOf: (req) => `audio/${String(req.params.file)}`,
    cacheControl: (res) => audience(res, IMMUTABLE),
  });
  const rendition = serveComposed(deps.blobs, {
    fileOf: async (req, res) => {
      const file = String(req.params.file);
      const deciding = performance.now();
      const download = await insertion.of(req, file, res.locals.audience === 'member');
      // What deciding this listener's file took (a keyed read once made; its Lua step the first time).
      if (download.inserts)
        res.setHeader('server-timing', `decide;dur=${(performance.now() - deciding).toFixed(2)}`);
      const stitched = download.insertion?.stitched;
      const served = await renditions.of(renditionOf(file) ?? '', stitched?.placed);
      if (!served) throw notFound('Media');
      res.locals.inserts = download.inserts;
      // What the listen record says this file carried, for the deliveries (kit's recorder reads it).
      if (download.insertion) res.locals.ads = adsInFile(download.insertion, served.head.length);
      return {
        parts: [
          { bytes: served.head },
          ...(stitched?.parts ?? [{ key: served.key, size: served.bodyBytes }]),
        ],
        etag: `"${served.hash}-${served.bodyBytes.toString(36)}${download.tag ? `-${download.tag}` : ''}"`,
        contentType: 'audio/mpeg',
      };
    },
    // A show that inserts answers each listener with their own file: no shared cache may keep one.
    cacheControl: (res) => audience(res, res.locals.inserts ? PER_LISTENER : RETAGGED),
  });
  return (req, res, next) =>
    renditionOf(String(req.params.file)) ? rendition(req, res, next) : uploaded(req, res, next);
}
