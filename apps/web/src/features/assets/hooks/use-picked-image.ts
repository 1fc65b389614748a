import { useCallback, useEffect, useRef, useState } from 'react';
import { compressImage } from '../upload/compress-image.js';
import { isOversize, sniffImageType } from '../upload/image-file.js';

export interface PickedImage {
  /** The file to upload: compressed when that made it smaller. */
  file: File | null;
  /** An object URL of `file` for the preview. */
  previewUrl: string | null;
  /** Compression progress, 0 to 100. */
  progress: number;
  /** Spec §5: set by an oversize or unreadable file; Save stays disabled until a good file is picked. */
  error: boolean;
  /** The text to show with the error; none for an oversize file (spec §8: silent). */
  errorMessage: string | null;
}

const EMPTY: PickedImage = { file: null, previewUrl: null, progress: 0, error: false, errorMessage: null };

/**
 * The picked file through its checks (size, magic bytes) and compression. `onCleared` runs when an
 * oversize file clears the form. A newer pick cancels the one still compressing.
 */
export function usePickedImage(notAnImageText: string, onCleared: () => void) {
  const [state, setState] = useState<PickedImage>(EMPTY);
  const pick = useRef<AbortController | null>(null);
  const previewRef = useRef<string | null>(null);

  const setPreview = (file: File | null) => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = file ? URL.createObjectURL(file) : null;
    return previewRef.current;
  };

  useEffect(
    () => () => {
      pick.current?.abort();
      if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    },
    [],
  );

  const choose = useCallback(
    async (file: File) => {
      pick.current?.abort();
      const controller = new AbortController();
      pick.current = controller;
      if (isOversize(file)) {
        setState({ ...EMPTY, previewUrl: setPreview(null), error: true });
        onCleared();
        return;
      }
      const type = await sniffImageType(file);
      if (controller.signal.aborted) return;
      if (!type) {
        setState({ ...EMPTY, previewUrl: setPreview(null), error: true, errorMessage: notAnImageText });
        return;
      }
      // The type the bytes show, whatever the extension said.
      const typed = file.type === type ? file : new File([file], file.name, { type });
      setState({ ...EMPTY, previewUrl: setPreview(typed), progress: 0 });
      try {
        const compressed = await compressImage(
          typed,
          (progress) => {
            if (!controller.signal.aborted) setState((current) => ({ ...current, progress }));
          },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        setState({
          file: compressed,
          previewUrl: setPreview(compressed),
          progress: 100,
          error: false,
          errorMessage: null,
        });
      } catch {
        if (controller.signal.aborted) return;
        setState({ ...EMPTY, previewUrl: setPreview(null), error: true, errorMessage: notAnImageText });
      }
    },
    [notAnImageText, onCleared],
  );

  const reset = useCallback(() => {
    pick.current?.abort();
    setState({ ...EMPTY, previewUrl: setPreview(null) });
  }, []);

  return { ...state, choose, reset };
}
