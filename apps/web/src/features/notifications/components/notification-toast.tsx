import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.js';
import { CloseIcon } from '../../../components/ui/icons.js';
import { TOAST_AUTO_HIDE_MS } from '../../../config/constants.js';
import { useTranslation } from '../../../lib/use-translation.js';
import { notificationHidden, selectNotification } from '../notification-slice.js';
import { ToastIcon } from './toast-icon.js';
import { useTopModal } from './use-top-modal.js';
import './notification-toast.css';

/**
 * The one toast of the app, top right; it hides itself after TOAST_AUTO_HIDE_MS (spec §2, §9). While
 * a modal dialog is open it is rendered inside the top one, where it can be seen, reached and heard.
 */
export function NotificationToast() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notification = useAppSelector(selectNotification);
  const { type, title, description, visible } = notification;
  const modal = useTopModal(visible);

  // A new notification is a new object, so its timer starts afresh.
  useEffect(() => {
    if (!visible) return;
    const timer = window.setTimeout(() => dispatch(notificationHidden()), TOAST_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [notification, visible, dispatch]);

  if (!visible) return null;

  const urgent = type === 'error' || type === 'warning';
  // Error toasts always carry the generic heading; the details are in the description.
  const heading = type === 'error' ? t('notification.somethingWentWrong') : title;

  const toast = (
    <div
      className={`toast toast--${type}`}
      data-type={type}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <ToastIcon type={type} />
      <div className="toast__body">
        <p className="toast__title">{heading}</p>
        {description.length > 1 ? (
          <ul className="toast__list">
            {description.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : description.length === 1 ? (
          <p className="toast__description">{description[0]}</p>
        ) : null}
      </div>
      <button
        type="button"
        className="icon-button toast__close"
        aria-label={t('notification.close')}
        onClick={() => dispatch(notificationHidden())}
      >
        <CloseIcon />
      </button>
    </div>
  );
  return modal ? createPortal(toast, modal) : toast;
}
