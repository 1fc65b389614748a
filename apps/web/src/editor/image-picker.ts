import { createContext, type ReactNode } from 'react';

/**
 * What a picked image gives the insert-image dialog: the address the post keeps, its alt text, and
 * its size in pixels when known, which the image node keeps so that pages reserve its space.
 */
export interface PickedImage {
  src: string;
  altText: string;
  width?: number;
  height?: number;
}

/**
 * Renders a picker of images the user already has (the domain's assets) for the insert-image
 * dialog. The editor knows no feature (shared folders never import features): the route that
 * renders the editor provides one, and without a provider the dialog only takes a typed address.
 */
export type RenderImagePicker = (onPick: (image: PickedImage) => void) => ReactNode;

export const ImagePickerContext = createContext<RenderImagePicker | null>(null);
