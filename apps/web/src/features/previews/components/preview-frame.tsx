import { useLayoutEffect, useRef, useState } from 'react';
import { previewSandbox } from '../preview-address.js';

interface PreviewFrameProps {
  url: string;
  title: string;
  /** The width the site is laid out at, in CSS pixels; scaled down to fit the pane. */
  deviceWidth: number;
  onLoad: () => void;
}

/**
 * The site's page at a device's width, scaled down to fit when the pane is narrower, so that it
 * lays itself out as on that device. A new address makes a new frame (`key`): changing `src` would
 * add an entry to the tab's history, and Back would step through previews instead of leaving.
 */
export function PreviewFrame({ url, title, deviceWidth, onLoad }: PreviewFrameProps) {
  const stage = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = size.width > 0 ? Math.min(1, size.width / deviceWidth) : 1;
  return (
    <div ref={stage} className="live-preview__stage">
      <iframe
        key={url}
        className="live-preview__frame"
        src={url}
        title={title}
        sandbox={previewSandbox(url)}
        referrerPolicy="no-referrer"
        style={{
          width: deviceWidth,
          height: size.height > 0 ? size.height / scale : '100%',
          transform: scale < 1 ? `scale(${scale})` : undefined,
        }}
        onLoad={onLoad}
      />
    </div>
  );
}
