import { toTranscriptJson, toWebVtt, type Cue } from './captions';

/**
 * A transcript's two files, kept by media beside the audio. Each revision gets names of its own
 * (`transcripts/{episode}-{revision}`), so a URL never changes content and both files are served
 * as immutable. Whatever makes the cues (an upload, the editor, or a transcriber plugged in later)
 * renders them with `transcriptTexts` and hands them to media.
 */

export const transcriptUrls = (key: string) => ({ url: `/media/${key}.vtt`, jsonUrl: `/media/${key}.json` });

/** The cues as the WebVTT and the Podcast Namespace JSON transcript media keeps. */
export const transcriptTexts = (cues: Cue[]) => ({
  vtt: toWebVtt(cues),
  json: JSON.stringify(toTranscriptJson(cues)),
});
