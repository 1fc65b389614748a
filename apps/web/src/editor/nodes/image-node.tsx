import {
  $applyNodeReplacement,
  $getDocument,
  addClassNamesToElement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import type { JSX } from 'react';
import { isAllowedImageUrl } from '../utils/url-validation.js';
import { ImageView } from './image-view.js';

/** Spec §9: an image is shown at most 500 px wide unless told otherwise. */
export const DEFAULT_IMAGE_MAX_WIDTH = 500;

export interface ImagePayload {
  src: string;
  altText: string;
  maxWidth?: number;
  /** Intrinsic size in px; 0 leaves it to the image itself. */
  width?: number;
  height?: number;
  showCaption?: boolean;
  caption?: string;
}

// The caption is a plain string, not a nested editor as in Lexical's playground: the spec lists it as a
// field of the image, the server's sanitiser allows only text inside <figcaption>, and a string keeps
// both the JSON and the exported HTML flat. It is written through the insert dialog.
export type SerializedImageNode = Spread<
  {
    src: string;
    altText: string;
    maxWidth: number;
    width: number;
    height: number;
    showCaption: boolean;
    caption: string;
  },
  SerializedLexicalNode
>;

/** A whole number of pixels, or 0 when the value is missing or nonsense. */
function pixels(value: unknown): number {
  const number = typeof value === 'string' ? Number.parseFloat(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
}

function $convertImageElement(img: HTMLImageElement, caption = ''): DOMConversionOutput {
  const src = img.getAttribute('src') ?? '';
  // The server drops images whose address is not http(s) (data: included), so they are not imported.
  if (!isAllowedImageUrl(src)) return { node: null };
  const maxWidth = /^(\d+(?:\.\d+)?)px$/.exec(img.style.maxWidth)?.[1];
  const node = $createImageNode({
    src,
    altText: img.getAttribute('alt') ?? '',
    maxWidth: maxWidth ? pixels(maxWidth) : DEFAULT_IMAGE_MAX_WIDTH,
    width: pixels(img.getAttribute('width')),
    height: pixels(img.getAttribute('height')),
    showCaption: caption !== '',
    caption,
  });
  return { node };
}

function $convertFigureElement(figure: HTMLElement): DOMConversionOutput | null {
  const img = figure.querySelector('img');
  if (!img) return null;
  const caption = figure.querySelector('figcaption')?.textContent?.trim() ?? '';
  // The figure's children (the <img> and the caption text) are already in the node, so none are kept.
  return { ...$convertImageElement(img, caption), forChild: () => null };
}

/** A block-level image with an optional caption, rendered as <figure><img><figcaption>. */
export class ImageNode extends DecoratorNode<JSX.Element> {
  __src: string;
  __altText: string;
  __maxWidth: number;
  __width: number;
  __height: number;
  __showCaption: boolean;
  __caption: string;

  static override getType(): string {
    return 'image';
  }

  static override clone(node: ImageNode): ImageNode {
    return new ImageNode(node.getPayload(), node.__key);
  }

  static override importJSON(serialized: SerializedImageNode): ImageNode {
    return $createImageNode({
      src: serialized.src,
      altText: serialized.altText,
      maxWidth: serialized.maxWidth,
      width: serialized.width,
      height: serialized.height,
      showCaption: serialized.showCaption,
      caption: serialized.caption,
    });
  }

  static override importDOM(): DOMConversionMap | null {
    return {
      img: (element: HTMLElement) =>
        // Inside a figure the figure's conversion reads the image together with its caption.
        element.parentElement?.tagName === 'FIGURE'
          ? null
          : { conversion: (img) => $convertImageElement(img as HTMLImageElement), priority: 0 },
      figure: () => ({ conversion: $convertFigureElement, priority: 1 }),
    };
  }

  constructor(payload: ImagePayload, key?: NodeKey) {
    super(key);
    this.__src = payload.src;
    this.__altText = payload.altText;
    this.__maxWidth = pixels(payload.maxWidth) || DEFAULT_IMAGE_MAX_WIDTH;
    this.__width = pixels(payload.width);
    this.__height = pixels(payload.height);
    this.__showCaption = payload.showCaption ?? false;
    this.__caption = payload.caption ?? '';
  }

  getPayload(): Required<ImagePayload> {
    const self = this.getLatest();
    return {
      src: self.__src,
      altText: self.__altText,
      maxWidth: self.__maxWidth,
      width: self.__width,
      height: self.__height,
      showCaption: self.__showCaption,
      caption: self.__caption,
    };
  }

  override exportJSON(): SerializedImageNode {
    return { type: 'image', version: 1, ...this.getPayload() };
  }

  override exportDOM(): DOMExportOutput {
    const { src, altText, maxWidth, width, height, showCaption, caption } = this.getPayload();
    const document = $getDocument();
    const figure = document.createElement('figure');
    const img = document.createElement('img');
    // Only what the server's sanitiser keeps on <img>: src, alt, width, height and a max-width style.
    img.setAttribute('src', src);
    img.setAttribute('alt', altText);
    if (width > 0) img.setAttribute('width', String(width));
    if (height > 0) img.setAttribute('height', String(height));
    img.style.maxWidth = `${maxWidth}px`;
    figure.append(img);
    if (showCaption && caption !== '') {
      const figcaption = document.createElement('figcaption');
      figcaption.textContent = caption;
      figure.append(figcaption);
    }
    return { element: figure };
  }

  override createDOM(config: EditorConfig): HTMLElement {
    const element = $getDocument().createElement('div');
    addClassNamesToElement(element, config.theme.image);
    return element;
  }

  override updateDOM(): false {
    return false;
  }

  override isInline(): false {
    return false;
  }

  override getTextContent(): string {
    // The plain text feeds the post search, so a visible caption counts as text; the image itself does not.
    const { showCaption, caption } = this.getPayload();
    return showCaption ? caption : '';
  }

  override decorate(): JSX.Element {
    return <ImageView nodeKey={this.getKey()} {...this.getPayload()} />;
  }
}

export function $createImageNode(payload: ImagePayload): ImageNode {
  return $applyNodeReplacement(new ImageNode(payload));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
