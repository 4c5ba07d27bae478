// Relative imports: unit tests of the components that use this run under vitest without the '@/' alias.
import { symbolArtHref } from '../../lib/symbol-art-href';
import styles from './game-screen.module.css';

/**
 * A symbol's artwork as an image (the same picture the reels draw): the title's themed tile for the
 * symbol. With `showName` the Danish name is written beside it; otherwise the name is the image's
 * alternative text, so a screen reader still hears which symbol it is.
 */
export function SymbolArt({
  gameId,
  index,
  name,
  size = 48,
  showName = false,
}: {
  gameId: string;
  index: number;
  name: string;
  size?: number;
  showName?: boolean;
}) {
  return (
    <span className={styles.symbolArt} data-symbol={index}>
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={symbolArtHref(gameId, index)} alt={showName ? '' : name} width={size} height={size} loading="lazy" decoding="async" />
      {showName ? <span className={styles.symbolArtName}>{name}</span> : null}
    </span>
  );
}
