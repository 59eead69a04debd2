import type Sharp from 'sharp';
import { ValidationError } from '../infrastructure/decider/decider';

/** Card and header sizes, all 16:9 (spec §2 cards): served as WebP, the card picks one by `srcset`. */
export const COVER_SIZES = { small: [320, 180], medium: [640, 360], large: [1280, 720] } as const;
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** A decompression bomb stops here: 50 megapixels is a 8660×5773 photo. */
const MAX_INPUT_PIXELS = 50_000_000;
const RATIO = 16 / 9;

/** sharp loads libvips when required: loaded with the first cover made, not at every server start. */
const sharp = (input: Buffer, options?: Sharp.SharpOptions): Sharp.Sharp => (require('sharp') as typeof Sharp)(input, options);

/** The part of the picture the author framed, as fractions of its width and height. */
export interface CoverCrop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type CoverImages = Record<keyof typeof COVER_SIZES, Buffer>;

/**
 * The three WebP sizes of a cover: the framed part when given (its ratio is forced to 16:9 around its
 * centre), else the centred 16:9 part of the picture. EXIF orientation is applied; metadata dropped.
 */
export async function makeCover(input: Buffer, crop?: CoverCrop): Promise<CoverImages> {
  let image: Sharp.Sharp;
  let width: number;
  let height: number;
  try {
    image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
  } catch {
    throw new ValidationError('file', 'The file is not a readable JPEG, PNG, WebP or GIF picture');
  }
  if (width < 160 || height < 90) throw new ValidationError('file', 'The picture must be at least 160×90 pixels');
  const region = frame(width, height, crop);
  const framed = await image.extract(region).toBuffer();
  const out = {} as CoverImages;
  for (const [size, [w, h]] of Object.entries(COVER_SIZES) as [keyof typeof COVER_SIZES, readonly [number, number]][]) {
    out[size] = await sharp(framed).resize(w, h, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  }
  return out;
}

function frame(width: number, height: number, crop?: CoverCrop): { left: number; top: number; width: number; height: number } {
  if (!crop) {
    const w = Math.min(width, Math.round(height * RATIO));
    const h = Math.min(height, Math.round(w / RATIO));
    return { left: Math.floor((width - w) / 2), top: Math.floor((height - h) / 2), width: w, height: h };
  }
  const cx = (crop.x + crop.width / 2) * width;
  const cy = (crop.y + crop.height / 2) * height;
  let w = crop.width * width;
  let h = w / RATIO;
  if (h > crop.height * height) {
    h = crop.height * height;
    w = h * RATIO;
  }
  w = Math.max(16, Math.min(Math.round(w), width));
  h = Math.max(9, Math.min(Math.round(h), height));
  const left = Math.min(Math.max(0, Math.round(cx - w / 2)), width - w);
  const top = Math.min(Math.max(0, Math.round(cy - h / 2)), height - h);
  return { left, top, width: w, height: h };
}

/** Crop fractions from the query: all four or none, each in [0, 1], the box inside the picture. */
export function cropFrom(query: Record<string, unknown>): CoverCrop | undefined {
  const keys = ['x', 'y', 'width', 'height'] as const;
  const given = keys.filter((k) => query[k] !== undefined);
  if (given.length === 0) return undefined;
  if (given.length < 4)
    throw new ValidationError(
      keys.find((k) => query[k] === undefined)!,
      'Give x, y, width and height of the frame, or none of them',
    );
  const crop = {} as CoverCrop;
  for (const key of keys) {
    const value = Number(query[key]);
    if (!Number.isFinite(value) || value < 0 || value > 1) throw new ValidationError(key, `${key} must be a fraction between 0 and 1`);
    crop[key] = value;
  }
  if (crop.width === 0 || crop.height === 0) throw new ValidationError(crop.width === 0 ? 'width' : 'height', 'The frame must not be empty');
  if (crop.x + crop.width > 1.000001) throw new ValidationError('width', 'The frame goes past the right edge of the picture');
  if (crop.y + crop.height > 1.000001) throw new ValidationError('height', 'The frame goes past the bottom edge of the picture');
  return crop;
}
