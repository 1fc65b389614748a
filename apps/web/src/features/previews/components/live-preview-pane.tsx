import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../../../components/ui/icons.js';
import { Modal } from '../../../components/ui/modal.js';
import { WIDE_SCREEN_QUERY } from '../../../config/constants.js';
import { useMediaQuery } from '../../../lib/use-media-query.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { useLivePreviewLink } from '../hooks/use-live-preview-link.js';
import { ErrorBox } from './error-box.js';
import { PreviewFrame } from './preview-frame.js';
import '../../../components/ui/button.css';
import '../../../components/ui/dialog.css';
import '../previews.css';

/** The widths the site can be seen at, in CSS pixels. */
export const DEVICES = [
  { id: 'phone', width: 375 },
  { id: 'tablet', width: 768 },
  { id: 'desktop', width: 1280 },
] as const;
type Device = (typeof DEVICES)[number];

/** The widest device that fits the pane unscaled, else the phone. */
export function deviceFor(paneWidth: number): Device {
  return [...DEVICES].reverse().find((device) => device.width <= paneWidth) ?? DEVICES[0];
}

export interface LivePreviewPaneProps {
  domain: string;
  postId: string;
  savedVersion: string;
  unsaved: boolean;
  /** The editor's place beside the form (wide screens). */
  host: HTMLElement | null;
  onClose: () => void;
}

/**
 * Live preview (issue 30): the site's preview page in a frame, at a phone's, a tablet's or a
 * desktop's width, following each save. Beside the form on wide screens (a region; the form stays
 * usable), a full-screen modal view on narrower ones. Its own chunk, mounted only while open, so
 * nothing asks for a token before the user does.
 */
export default function LivePreviewPane({
  domain,
  postId,
  savedVersion,
  unsaved,
  host,
  onClose,
}: LivePreviewPaneProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const link = useLivePreviewLink(domain, postId, savedVersion);
  const body = useRef<HTMLDivElement>(null);
  const [device, setDevice] = useState<Device | null>(null);
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);

  // The first width is the widest that fits, measured once the pane has its size.
  useLayoutEffect(() => {
    setDevice((current) => current ?? deviceFor(body.current?.clientWidth ?? 0));
  }, []);

  const status = link.pending
    ? t(link.url ? 'preview.live.updating' : 'preview.live.preparing')
    : link.url && loadedUrl !== link.url
      ? t('preview.live.loading')
      : '';

  const content: ReactNode = (
    <div ref={body} className="live-preview__body">
      <div className="live-preview__header">
        <h2 id={titleId} className="live-preview__title">
          {t('preview.live.title')}
        </h2>
        <button
          type="button"
          className="dialog__close"
          aria-label={t('preview.live.close')}
          title={t('preview.live.close')}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="live-preview__toolbar">
        <div className="live-preview__devices" role="group" aria-label={t('preview.live.widths')}>
          {DEVICES.map((choice) => (
            <button
              key={choice.id}
              type="button"
              className="button button--secondary live-preview__device"
              aria-pressed={device?.id === choice.id}
              title={t('preview.live.widthHint', { width: choice.width })}
              onClick={() => setDevice(choice)}
            >
              {t(`preview.live.${choice.id}`)}
            </button>
          ))}
        </div>
        {link.url && (
          <a className="live-preview__open" href={link.url} target="_blank" rel="noopener noreferrer">
            {t('preview.live.openTab')}
          </a>
        )}
      </div>
      <p className="live-preview__status" role="status">
        {status}
      </p>
      {unsaved && <p className="live-preview__unsaved">{t('preview.live.unsaved')}</p>}
      {link.error !== undefined && (
        <div className="live-preview__error">
          <ErrorBox error={link.error} fallback={t('preview.live.failed')} />
          <button type="button" className="button button--secondary" onClick={link.retry}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {link.url ? (
        <PreviewFrame
          url={link.url}
          title={t('preview.live.frameTitle')}
          deviceWidth={(device ?? DEVICES[0]).width}
          onLoad={() => setLoadedUrl(link.url)}
        />
      ) : (
        !link.pending && link.error === undefined && <div className="live-preview__stage" />
      )}
    </div>
  );

  if (wide && host) {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    return createPortal(
      <SidePane titleId={titleId} onKeyDown={onKeyDown}>
        {content}
      </SidePane>,
      host,
    );
  }
  return (
    <Modal className="modal live-preview live-preview--full" aria-labelledby={titleId} onClose={onClose}>
      {content}
    </Modal>
  );
}

/** Beside the form: a region that takes the focus when it opens, as a dialog would. */
function SidePane({
  titleId,
  onKeyDown,
  children,
}: {
  titleId: string;
  onKeyDown: (event: KeyboardEvent) => void;
  children: ReactNode;
}) {
  const region = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    region.current?.querySelector<HTMLElement>('button')?.focus();
  }, []);
  return (
    <section
      ref={region}
      className="live-preview live-preview--side"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
    >
      {children}
    </section>
  );
}
