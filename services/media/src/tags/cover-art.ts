import sharp from 'sharp';

/** Podcast apps show covers at a few hundred pixels; the tag carries one that size. */
const SIDE = 600;
const QUALITY = 80;

/**
 * An episode's cover as the served file's tag carries it: 600 pixels square at most, JPEG. The
 * stored image is the one the site shows (up to 6,000 pixels and 5 MB); apps need far less.
 */
export async function coverArt(image: Buffer): Promise<{ mime: string; bytes: Buffer }> {
  const bytes = await sharp(image)
    .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: QUALITY, mozjpeg: true })
    .toBuffer();
  return { mime: 'image/jpeg', bytes };
}
