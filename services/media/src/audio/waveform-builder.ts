import type { Waveform } from '@podz/proto';

/**
 * Builds audiowaveform's JSON (version 2, 8 bits, one channel) from 16-bit little-endian mono PCM
 * as it streams: the min and max of each `samplesPerPixel` samples, scaled to -128..127.
 */
export class WaveformBuilder {
  private readonly data: number[] = [];
  private min = 0;
  private max = 0;
  private count = 0;
  private carry: Buffer | undefined;
  samples = 0;

  constructor(
    private readonly sampleRate: number,
    private readonly samplesPerPixel: number,
  ) {}

  /** Pixels of about `points` for audio of `seconds`, and at least 1/100 s each. */
  static forLength(sampleRate: number, seconds: number, points: number): WaveformBuilder {
    const perPixel = Math.max(Math.ceil(sampleRate / 100), Math.ceil((seconds * sampleRate) / points));
    return new WaveformBuilder(sampleRate, perPixel);
  }

  push(chunk: Buffer): void {
    let bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    const even = bytes.length - (bytes.length % 2);
    this.carry = even < bytes.length ? Buffer.from(bytes.subarray(even)) : undefined;
    bytes = bytes.subarray(0, even);
    for (let i = 0; i < bytes.length; i += 2) {
      const sample = bytes.readInt16LE(i);
      if (this.count === 0 || sample < this.min) this.min = sample;
      if (this.count === 0 || sample > this.max) this.max = sample;
      this.count += 1;
      if (this.count === this.samplesPerPixel) this.flush();
    }
    this.samples += bytes.length / 2;
  }

  finish(): Waveform {
    if (this.count > 0) this.flush();
    return {
      version: 2,
      channels: 1,
      sample_rate: this.sampleRate,
      samples_per_pixel: this.samplesPerPixel,
      bits: 8,
      length: this.data.length / 2,
      data: this.data,
    };
  }

  private flush(): void {
    this.data.push(this.min >> 8, this.max >> 8);
    this.count = 0;
  }
}
