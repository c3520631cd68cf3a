import { AUDIO_HOUSE } from '@podz/proto';
import { BITRATES } from './mp3-frames';

/** An MPEG-1 Layer III stereo frame's side information: the Info header starts after it. */
const SIDE_INFO_BYTES = 32;
const HEADER_BYTES = 4;
/** The Info header carries the frame count and the stream's bytes (flags bits 0 and 1). */
const FRAMES_AND_BYTES = 0x3;

/** The length of a house-format frame without padding: the Info frame's. */
export const INFO_FRAME_BYTES = Math.floor((144_000 * AUDIO_HOUSE.bitrateKbps) / AUDIO_HOUSE.sampleRate);

/**
 * The Info frame (a Xing header for a constant bitrate) put before a joined file's first audio frame:
 * a silent house-format frame saying how many audio frames follow and how many bytes the stream
 * takes, so players know the whole file's duration and seek in it as in one file. Decoders skip it.
 */
export function infoFrame(audio: { frames: number; bytes: number }): Buffer {
  const frame = Buffer.alloc(INFO_FRAME_BYTES);
  // Sync, MPEG-1, Layer III, no CRC; the house bitrate at 44.1 kHz, no padding; joint stereo.
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = BITRATES.indexOf(AUDIO_HOUSE.bitrateKbps) << 4;
  frame[3] = 0x40;
  const at = HEADER_BYTES + SIDE_INFO_BYTES;
  frame.write('Info', at, 'latin1');
  frame.writeUInt32BE(FRAMES_AND_BYTES, at + 4);
  frame.writeUInt32BE(audio.frames, at + 8);
  frame.writeUInt32BE(INFO_FRAME_BYTES + audio.bytes, at + 12);
  return frame;
}
