/** The upload id of an uploaded audio file's URL (`/media/audio/<id>.…`, a rendition too); none for audio elsewhere. */
export function audioUploadId(url: string): string | undefined {
  return /^\/media\/audio\/([0-9a-f]{24})\./.exec(url)?.[1];
}
