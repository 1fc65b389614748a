import { useTranslation } from '../../../lib/use-translation.js';

export interface KnownSize {
  width: number;
  height: number;
}

interface ImageSizeProps extends KnownSize {
  className?: string;
}

/** Both sides when both are known (an image read from its bytes always has them), else null. */
export function knownSize({
  width,
  height,
}: {
  width?: number | undefined;
  height?: number | undefined;
}): KnownSize | null {
  return width && height && width > 0 && height > 0 ? { width, height } : null;
}

/**
 * An image's size in pixels, shown as people write it ("1920 × 1080 px") and given to screen
 * readers in words ("1920 by 1080 pixels"), which otherwise read out "×" and "px" as a symbol and
 * two letters. Nothing when a side is unknown.
 */
export function ImageSize({ width, height, className }: ImageSizeProps) {
  const { t } = useTranslation();
  if (!knownSize({ width, height })) return null;
  return (
    <span className={className}>
      <span aria-hidden="true">{t('assets.dimensions', { width, height })}</span>
      <span className="visually-hidden">{t('assets.dimensionsSpoken', { width, height })}</span>
    </span>
  );
}
